! flags: -fdefault-real-8
! Under -fdefault-real-8 without -fdefault-double-8, gfortran makes `double precision`,
! `d` exponents and `dble` real(16).
program default_real_8_double
  implicit none
  real :: x
  double precision :: d
  double complex :: z
  x = 1.0 / 3
  d = 1.0d0 / 3
  z = (1.0d0, 2.0d0) / 3
  print *, kind(x), kind(d), kind(z), kind(1d0), kind(dble(x))
  print *, x, d, dble(x), d * x
  print *, z, precision(d), range(z)
end program
