! Numerical methods in real(8): bisection and Newton's method for roots, the trapezoid and
! Simpson rules for integrals, Horner's rule for polynomials, with results printed by
! formats that round away last-bit differences.
program numerics
  implicit none
  real(8) :: a, b, x, fx
  integer :: it, n
  real(8), parameter :: coef(5) = [1.0d0, -3.0d0, 0.5d0, 2.0d0, -1.0d0]
  a = 0.0d0
  b = 2.0d0
  it = 0
  do while (b - a > 1.0d-12)
    x = 0.5d0 * (a + b)
    fx = x * x - 2.0d0
    if (fx > 0.0d0) then
      b = x
    else
      a = x
    end if
    it = it + 1
  end do
  print '(A,F16.12,A,I3)', 'bisect sqrt2 = ', 0.5d0 * (a + b), ' iters ', it
  x = 1.0d0
  do it = 1, 50
    fx = (x * x * x - 2.0d0 * x - 5.0d0) / (3.0d0 * x * x - 2.0d0)
    x = x - fx
    if (abs(fx) < 1.0d-14) exit
  end do
  print '(A,F18.14,A,I3)', 'newton root = ', x, ' iters ', it
  do n = 4, 64, 20
    print '(A,I3,2F14.10)', 'integrals', n, trapezoid(n), simpson(n)
  end do
  print '(A,5F10.4)', 'horner', (horner(coef, 0.5d0 * it), it = -2, 2)
contains
  real(8) function f(t)
    real(8), intent(in) :: t
    f = exp(-t * t) * cos(t)
  end function f
  real(8) function trapezoid(m)
    integer, intent(in) :: m
    real(8) :: h, s
    integer :: i
    h = 1.0d0 / m
    s = 0.5d0 * (f(0.0d0) + f(1.0d0))
    do i = 1, m - 1
      s = s + f(i * h)
    end do
    trapezoid = s * h
  end function trapezoid
  real(8) function simpson(m)
    integer, intent(in) :: m
    real(8) :: h, s
    integer :: i
    h = 1.0d0 / m
    s = f(0.0d0) + f(1.0d0)
    do i = 1, m - 1
      if (mod(i, 2) == 1) then
        s = s + 4.0d0 * f(i * h)
      else
        s = s + 2.0d0 * f(i * h)
      end if
    end do
    simpson = s * h / 3.0d0
  end function simpson
  real(8) function horner(c, t)
    real(8), intent(in) :: c(5), t
    integer :: i
    horner = c(5)
    do i = 4, 1, -1
      horner = horner * t + c(i)
    end do
  end function horner
end program numerics
