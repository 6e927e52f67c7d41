! Numerical integration: Romberg extrapolation tables on polynomials (exact after a few
! levels), recursive adaptive Simpson with a depth limit and a call counter, and the
! midpoint rule on a sum of powers of two; an internal function selects the integrand.
program integration
  implicit none
  real(8) :: r(0:6, 0:6), h, s
  integer :: i, j, k, ncalls, fsel
  fsel = 1
  ! Romberg on x**4 over [0,2]: exact value 32/5
  do k = 0, 6
    h = 2.0d0 / 2**k
    s = 0.5d0 * (f(0.0d0) + f(2.0d0))
    do i = 1, 2**k - 1
      s = s + f(i * h)
    end do
    r(k, 0) = s * h
    do j = 1, k
      r(k, j) = r(k, j-1) + (r(k, j-1) - r(k-1, j-1)) / (4**j - 1)
    end do
  end do
  print '(A)', 'Romberg diagonal:'
  print '(7F12.8)', (r(k, k), k = 0, 6)
  print '(A,L2)', 'level 2 exact:', abs(r(2,2) - 6.4d0) < 1.0d-12
  print '(A,F12.8)', 'trapezoid column, level 6:', r(6, 0)
  ! adaptive Simpson on a cubic (Simpson is exact) and on |x - 1/3|
  ncalls = 0
  fsel = 2
  print '(A,F12.8,A,I4)', 'cubic:', adapt(-1.0d0, 3.0d0, 1.0d-10, 0), ' calls', ncalls
  ncalls = 0
  fsel = 3
  s = adapt(0.0d0, 1.0d0, 1.0d-9, 0)
  print '(A,F12.8,A,L2)', 'kink:', s, ' many calls:', ncalls > 10
  print '(A,L2)', 'kink accurate:', abs(s - 5.0d0 / 18.0d0) < 1.0d-8
  ! midpoint rule on a linear function is exact
  fsel = 4
  s = 0
  do i = 1, 64
    s = s + f((i - 0.5d0) / 64)
  end do
  print '(A,F12.8)', 'midpoint linear:', s / 64
contains
  real(8) function f(x)
    real(8), intent(in) :: x
    select case (fsel)
    case (1)
      f = x**4
    case (2)
      f = x**3 - 2 * x + 1
    case (3)
      f = abs(x - 1.0d0 / 3.0d0)
    case default
      f = 3 * x + 0.25d0
    end select
  end function f
  recursive real(8) function adapt(a, b, tol, depth) result(res)
    real(8), intent(in) :: a, b, tol
    integer, intent(in) :: depth
    real(8) :: m, whole, left, right
    ncalls = ncalls + 1
    m = (a + b) / 2
    whole = (b - a) / 6 * (f(a) + 4 * f(m) + f(b))
    left = (m - a) / 6 * (f(a) + 4 * f((a + m) / 2) + f(m))
    right = (b - m) / 6 * (f(m) + 4 * f((m + b) / 2) + f(b))
    if (depth >= 30 .or. abs(left + right - whole) < 15 * tol) then
      res = left + right + (left + right - whole) / 15
    else
      res = adapt(a, m, tol / 2, depth + 1) + adapt(m, b, tol / 2, depth + 1)
    end if
  end function adapt
end program integration
