! Tests: initial values of saved locals folded at compile time with parameters, real(4)
! and real(8) arithmetic, exp/log/sqrt/abs/min/max, integer division; folded in each
! expression's kind, as gfortran folds them.
program constant_init
  implicit none
  call show(3)
  call show(4)
contains
  subroutine show(n)
    integer, intent(in) :: n
    integer, parameter :: loopcount = 1000
    real(8) :: false_margin = exp(log(.5) / loopcount)
    real(8) :: d = sqrt(2.0d0) * abs(-1.5d0)
    real :: x = 2.0 ** 3 + 1.0 / 3.0
    integer :: k = 7 / 2 * 3
    integer :: m = max(3, loopcount / 7, 11) - min(5, 2)
    integer :: calls = 0
    calls = calls + n
    print *, false_margin, d
    print *, x, k, m, calls
  end subroutine show
end program constant_init
