! erf, erfc, gamma, log_gamma, asinh, acosh, atanh of real(4), real(8) and real(16)
! scalars and arrays (the C library's and libquadmath's functions, as gfortran calls).
program mf
  implicit none
  real :: x(4) = [0.25, 0.5, 1.5, 3.0]
  real(8) :: d = 0.75d0
  print '(4f12.7)', erf(x)
  print '(4f12.7)', erfc(x)
  print '(4f12.6)', gamma(x)
  print '(4f12.7)', log_gamma(x)
  print '(4f12.7)', asinh(x)
  print '(4f12.7)', acosh(x + 1.0)
  print '(f20.15)', erf(d), erfc(d), gamma(d), log_gamma(d), asinh(d), acosh(d + 1), atanh(d)
  print '(f12.7)', atanh(x(1))
  call quad()
contains
  subroutine quad()
    real(16) :: z = 0.75_16
    print *, erf(z), gamma(z), asinh(z)
  end subroutine
end program
