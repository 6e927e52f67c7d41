! Complex elementary functions (sqrt, exp, log, sin, cos), real and complex exponents,
! and a complex Newton iteration for the cube roots of unity.
program complex_math
  implicit none
  complex :: z, roots(3)
  complex(8) :: w
  integer :: i, k

  z = (1.0, 1.0)
  w = (0.5d0, -2.0d0)
  print '(2f12.6)', sqrt(z), exp(z), log(z), sin(z), cos(z)
  print '(2f12.6)', sqrt(w), exp(w), log(w), sin(w), cos(w)
  print '(2f12.6)', z**0.5, z**(0.0, 1.0), 2.0**z, w**1.5d0
  print '(2f12.6)', log(exp(w)), sqrt(w)**2
  print '(2f12.6)', sqrt((-1.0, 0.0)), log((-1.0d0, 0.0d0))
  ! Newton's method for z**3 = 1 from three starting points
  roots = [(2.0, 0.1), (-1.0, 1.0), (-1.0, -1.0)]
  do k = 1, 3
    z = roots(k)
    do i = 1, 30
      z = z - (z**3 - 1.0) / (3.0 * z**2)
    end do
    roots(k) = z
  end do
  print '(3(2f9.5, 3x))', roots
  print *, nint(1000 * abs(roots(1)**3 - 1.0)), nint(1000 * abs(roots(2)**3 - 1.0))
  print '(2f12.6)', product(roots), sum(roots)
end program
