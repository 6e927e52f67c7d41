! flags: -fopenacc
! Standard intrinsics gpuf does not implement yet are located not-yet errors, not calls of
! external functions that fail at the link; transfer's unsupported forms too, and the C
! library's functions (erf, gamma, ...) in device code.
program intrinsics_not_yet
  implicit none
  integer :: a(2), i
  real :: x
  x = bessel_j0(1.0) + scale(1.0, 2)
  i = shiftl(1, 3) + popcnt(7) + poppar(7)
  call mvbits(1, 0, 2, i, 0)
  print *, transfer(1.0d0, a)
  print *, transfer(1.0, 1, 2)
  print *, transfer("ab", 1)
  print *, transfer(1)
  print *, x, i, is_iostat_end(-1)
  !$acc serial copy(x)
  x = erf(x)
  !$acc end serial
end program
