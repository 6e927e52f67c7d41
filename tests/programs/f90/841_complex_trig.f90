! tan, asin, acos, atan, sinh, cosh, tanh, asinh, acosh, atanh of complex(4), complex(8)
! and complex(16) values (the C library's ctan... and libquadmath's ctanq...); abs, sqrt
! and mixed-kind powers of complex(16).
program c2
  implicit none
  complex :: c
  complex(8) :: d
  complex(16) :: a, v(2)
  integer :: z
  z = command_argument_count()
  c = cmplx(0.5 + z, -0.25, 4)
  d = cmplx(1 + z, 2, 8)
  a = cmplx(3 + z, -4, 16)
  v = [a, conjg(a)]
  print *, abs(a), abs(v), aimag(a), real(a)
  print *, sqrt(v), a ** 2.5_16, a ** d
  print *, tan(c), asin(c), acos(c), atan(c), sinh(c)
  print *, cosh(c), tanh(c), asinh(c), acosh(c), atanh(c)
  print *, tan(d), asin(d), acos(d), atan(d), sinh(d)
  print *, cosh(d), tanh(d), asinh(d), acosh(d), atanh(d)
  a = a / 8
  print *, tan(a), asin(a), acos(a), atan(a), sinh(a)
  print *, cosh(a), tanh(a), asinh(a), acosh(a), atanh(a)
  print *, tan(v / 8)
end program
