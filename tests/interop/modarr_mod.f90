! Module arrays shared between gpuf and gfortran objects: each compiler's main program
! reads and writes the arrays of the module the other compiled (gfortran's symbols
! `__modarr_store_MOD_name`, sizes and initial values in the module's object). The
! module's procedure changes them; only the main program prints (one run time's output).
module modarr_store
  implicit none
  type cell
    integer :: id = -1
    real(8) :: w(2) = [0.5d0, 0.25d0]
    character(len=3) :: tag = 'abc'
  end type cell
  integer :: counts(5) = [10, 20, 30, 40, 50]
  real(8) :: grid(3, 2)
  character(len=4) :: labels(3) = ['one ', 'two ', 'six ']
  type(cell) :: cells(2)
  integer :: cube(2, 2, 2) = reshape([1, 2, 3, 4, 5, 6, 7, 8], [2, 2, 2])
  logical :: marks(4) = [.true., .false., .false., .true.]
  integer, parameter :: primes(6) = [2, 3, 5, 7, 11, 13]
contains
  subroutine module_side(k)
    integer, intent(in) :: k
    integer :: i
    do i = 1, 3
      grid(i, :) = [dble(i * k), -dble(i)]
    end do
    counts(k) = counts(k) + primes(k)
    labels(k)(4:4) = '!'
    cells(k)%id = 100 * k
    cells(k)%w(2) = cells(k)%w(2) * k
    cube(:, :, k) = -cube(:, :, k)
    marks = .not. marks
  end subroutine module_side
end module modarr_store
