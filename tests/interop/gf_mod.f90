! A module compiled by gfortran whose module file gpuf reads (kinds, constants, a derived
! type, module procedures, a generic interface, a module variable shared with the user).
module gm
  implicit none
  integer, parameter :: dp = selected_real_kind(15), ik = selected_int_kind(12)
  integer, parameter :: n = 5
  real(dp), parameter :: pi = 3.14159265358979_dp
  real, parameter :: half = 0.5
  logical, parameter :: debug = .true.
  character(len=*), parameter :: tag = 'gm v1'
  integer, parameter :: w(3) = [1, 2, 3]
  type point
    real(dp) :: x, y
    integer :: id
    real :: v(3)
  end type point
  integer :: counter = 0
  ! real(16): constants (exact through the module file's hexadecimal values), a variable
  ! and a function.
  integer, parameter :: qp = selected_real_kind(30)
  real(qp), parameter :: qthird = 1.0_qp / 3, qneg = -2.5q-3
  real(qp) :: qtotal = 0.5_qp
  real(dp) :: grid(n)
  interface norm
    module procedure norm_r, norm_p
  end interface norm
contains
  subroutine bump(k, by)
    integer, intent(inout) :: k
    integer, intent(in), optional :: by
    k = k + 1
    counter = counter + 1
  end subroutine bump
  real(dp) function norm_r(a)
    real(dp), intent(in) :: a(:)
    norm_r = sqrt(sum(a**2))
  end function norm_r
  real(dp) function norm_p(p)
    type(point), intent(in) :: p
    norm_p = sqrt(p%x**2 + p%y**2)
  end function norm_p
  real(qp) function qtwice(x)
    real(qp), intent(in) :: x
    qtwice = 2 * x
    qtotal = qtotal + x
  end function qtwice
end module gm
