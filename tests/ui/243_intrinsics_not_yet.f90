! flags: -fopenacc
! Standard intrinsics gpuf does not implement yet are located not-yet errors, not calls of
! external functions that fail at the link; transfer's wrong argument counts, and the C
! library's functions (erf, bessel_j0, scale, ...) in device code.
program intrinsics_not_yet
  implicit none
  integer :: a(2), i
  real :: x
  x = erfc_scaled(1.0) + 1.0
  i = 0
  print *, transfer(1.0, "ab", 2), transfer((1.0, 2.0), 1)
  print *, transfer(1)
  print *, transfer(1.0, a, 2, 3)
  print *, x, i
  !$acc serial copy(x, a)
  x = erf(x) + bessel_j0(x) + scale(x, 2)
  a = transfer(x, a)
  i = shiftl(i, 2) + iall(a)
  !$acc end serial
end program
