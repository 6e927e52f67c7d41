! Bit and real model intrinsics in the initial values of module variables and saved
! locals (static data, folded as gfortran folds them).
module msave
  implicit none
  integer :: flags = shiftl(1, 4) + maskr(3)
  integer(8) :: big = maskr(60, 8)
  logical :: lt = bge(-1, 1)
  real :: eps = spacing(1.0)
  real(8) :: f = fraction(12.0d0), e8 = scale(1.0d0, -3)
  integer :: ex = exponent(1000.0)
end module
program psave
  use msave
  implicit none
  print *, flags, big, lt, eps, f, e8, ex
  call sub()
contains
  subroutine sub()
    integer, save :: k = dshiftl(1, 2, 30)
    real :: r = nearest(1.0, -1.0)
    print *, k, r
  end subroutine
end program
