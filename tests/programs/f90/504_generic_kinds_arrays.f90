! Kind-generic numerical helpers as real codes write them: real(4)/real(8)/integer
! specifics, array-valued specifics, and generic calls between a module's own procedures.
module kinds_lib
  implicit none
  integer, parameter :: sp = kind(1.0), dp = kind(1.0d0)
  interface linspace
    module procedure linspace_s, linspace_d
  end interface
  interface dot
    module procedure dot_s, dot_d, dot_i
  end interface
  interface report
    module procedure report_s, report_d
  end interface
contains
  function linspace_s(a, b, n) result(v)
    real(sp), intent(in) :: a, b
    integer, intent(in) :: n
    real(sp) :: v(n)
    integer :: i
    do i = 1, n
      v(i) = a + (b - a) * real(i - 1, sp) / real(n - 1, sp)
    end do
  end function
  function linspace_d(a, b, n) result(v)
    real(dp), intent(in) :: a, b
    integer, intent(in) :: n
    real(dp) :: v(n)
    integer :: i
    do i = 1, n
      v(i) = a + (b - a) * real(i - 1, dp) / real(n - 1, dp)
    end do
  end function
  real(sp) function dot_s(x, y)
    real(sp), intent(in) :: x(:), y(:)
    dot_s = sum(x * y)
  end function
  real(dp) function dot_d(x, y)
    real(dp), intent(in) :: x(:), y(:)
    dot_d = sum(x * y)
  end function
  integer function dot_i(x, y)
    integer, intent(in) :: x(:), y(:)
    dot_i = sum(x * y)
  end function
  subroutine report_s(name, x)
    character(len=*), intent(in) :: name
    real(sp), intent(in) :: x(:)
    print '(a,a,f10.4,a,i0)', name, ': norm2 ', dot(x, x), ' n=', size(x)
  end subroutine
  subroutine report_d(name, x)
    character(len=*), intent(in) :: name
    real(dp), intent(in) :: x(:)
    print '(a,a,f14.8,a,i0)', name, ': norm2 ', dot(x, x), ' n=', size(x)
  end subroutine
end module kinds_lib

program main
  use kinds_lib
  implicit none
  real(sp) :: xs(5)
  real(dp) :: xd(9)
  integer :: k(4)
  xs = linspace(0.0_sp, 1.0_sp, 5)
  xd = linspace(-1.0_dp, 1.0_dp, 9)
  print '(5f8.3)', xs
  print '(9f8.3)', xd
  call report('single', xs)
  call report('double', xd)
  call report('slice', xd(2:8:2))
  k = [1, -2, 3, 4]
  print *, dot(k, k), dot(k(1:2), [5, 6])
  print '(f8.3)', dot(linspace(1.0_sp, 2.0_sp, 3), [1.0_sp, 1.0_sp, 1.0_sp])
  print '(f12.6)', dot(linspace(0.0_dp, 0.5_dp, 2), linspace(2.0_dp, 4.0_dp, 2))
end program main
