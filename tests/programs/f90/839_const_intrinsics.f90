! The bit and real model intrinsics in constant expressions: module parameters (written to
! the module file), array bounds and kinds, compared with their run-time values.
module mconst
  implicit none
  integer, parameter :: e1 = exponent(1024.0), e2 = exponent(-0.375d0), e3 = exponent(0.0)
  real, parameter :: s1 = spacing(1.0), s2 = rrspacing(-3.0), s3 = nearest(1.0, -1.0)
  real(8), parameter :: d1 = scale(1.5d0, 10), d2 = fraction(-12.0d0), d3 = set_exponent(5.0d0, 3)
  real(8), parameter :: d4 = spacing(0.0d0), d5 = nearest(0.0d0, 1.0), d6 = spacing(1d300)
  integer(8), parameter :: m8 = maskl(12, 8) + shifta(-1024_8, 3)
  logical, parameter :: lt = blt(-1, 0) .or. bge(1_2, -1_1)
  integer :: arr(exponent(100.0) : shiftl(exponent(8.0), 1))
end module

program pconst
  use mconst
  implicit none
  integer, parameter :: k8 = exponent(128.0) + 4
  integer :: i8(k8 / 2)
  real :: one
  print *, e1, e2, e3, lbound(arr), ubound(arr), k8, size(i8)
  print *, s1, s2, s3
  print *, d1, d2, d3, d4, d5, d6
  print *, m8, lt
  one = 1.0 + command_argument_count()
  print *, s1 == spacing(one), s3 == nearest(one, -1.0), d5 == nearest(dble(one) - 1, 1.0)
end program
