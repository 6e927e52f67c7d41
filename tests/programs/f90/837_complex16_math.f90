! complex(16) sqrt, exp, log, sin, cos and ** (integer, real and complex exponents):
! libquadmath's csqrtq, cexpq, clogq, csinq, ccosq, cpowq, whose 32-byte arguments and
! results are passed in memory; scalars and arrays.
program cq
  implicit none
  integer :: z, n
  complex(16) :: a, b, v(3)
  z = command_argument_count()
  a = cmplx(3 + z, 4, 16)
  b = cmplx(0.5_16, -1.25_16 + z, 16)
  print *, sqrt(a), sqrt(b)
  print *, exp(b), log(a)
  print *, sin(b), cos(b)
  print *, a ** 2, a ** 3, a ** (-2), b ** 0, a ** (5 + z)
  print *, a ** 0.5_16, a ** b
  v = [a, b, cmplx(-4 + z, 0, 16)]
  print *, sqrt(v)
  print *, exp(v(1:2)) + log(v(2:3))
  n = 7 + z
  print *, b ** n, (1.0_16 + a) ** (-n)
end program
