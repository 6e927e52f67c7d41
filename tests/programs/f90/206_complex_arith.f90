! complex, complex(8) and double complex: literals, arithmetic with promotion, cmplx, real,
! aimag, conjg, abs, comparisons, integer powers, list-directed and formatted output.
program complex_arith
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  complex :: z, w, u
  complex(8) :: a, b
  double complex :: c
  complex(kind=dp) :: d
  real :: r
  real(dp) :: x
  integer :: n

  z = (1.0, 2.0)
  w = (3.0, -4.0)
  print *, z, w
  print *, z + w, z - w, z * w, z / w
  print *, -z, +w, conjg(z), real(z), aimag(w), abs(w)
  a = (1.5d0, -2.5d0)
  b = (0.25_dp, 4.0_dp)
  print *, a + b, a * b
  print *, a / b
  c = a - b
  d = cmplx(2.0d0, -1.0d0, kind=dp)
  print *, c, d, kind(c), kind(z)
  ! mixed real / integer / complex arithmetic
  r = 2.0
  n = 3
  print *, z * r, z + n, n - z, r / z, z / n, 2 * z + 1
  x = 0.5d0
  print *, a * x, x + a, z + x
  ! conversions
  u = cmplx(5)
  print *, u, cmplx(1.5, 2.5), cmplx(7, -8), cmplx(a), dble(a), real(a, kind=4)
  r = z
  x = a
  n = w
  print *, r, x, n
  print *, int(w), int((-2.7, 1.0)), int(a, kind=8), int((9.99d0, 0.0d0), 2)
  z = 3.5
  print *, z
  z = (1.0, 1.0)
  ! integer powers
  print *, z**2, z**3, z**4, w**2, a**3, z**0, z**1
  ! comparisons
  print *, z == (1.0, 1.0), z /= (1.0, 1.0), w == z, a == (1.5d0, -2.5d0), (2.0, 0.0) == 2.0
  if (z == conjg(conjg(z))) print *, 'conjg twice is the identity'
  ! abs and sqrt/exp
  print *, abs((3.0, 4.0)), abs((-5.0d0, 12.0d0)), abs((0.0, -2.0))
  print '(4f10.5)', sqrt((-4.0, 0.0)), sqrt((3.0d0, 4.0d0))
  print '(4f10.5)', exp((0.0, 0.0)), exp((1.0d0, 0.0d0))
  ! formatted output: two edit descriptors per complex
  print '(2f8.3)', z
  print '(f8.3, es12.4)', a
  print '(a, 2(f6.2, 1x), i3)', 'w=', w, n
  print '(4f7.2)', z, w
  write (*, '(2(a, f5.1, a, f5.1, a, 1x))') '(', real(z), ',', aimag(z), ')', '(', real(w), ',', aimag(w), ')'
  print *, (1.0e10, 3.0e-5), (0.01, 1.0e9), (123456.0, 0.1), (-0.0, 0.0)
  print *, (0.01d0, 1.0d16), (1.0d15, -1.0d-300), (1, 2), (1.0d0, 2)
end program
