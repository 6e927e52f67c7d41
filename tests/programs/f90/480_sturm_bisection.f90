! Eigenvalues of a symmetric tridiagonal matrix by Sturm-sequence bisection: the count of
! eigenvalues below a shift from the signs of the LDL^T pivots, Gershgorin bounds for the
! starting interval, bisection for each eigenvalue index, and checks of the trace, the
! spacing and the known spectrum of the second-difference matrix (printed to 6 digits).
program sturm_bisection
  implicit none
  integer, parameter :: n = 10
  real(8) :: d(n), e(n), lo, hi, lam(n), a, b, mid, pi
  integer :: k, it, i
  pi = 3.14159265358979323846d0
  d = 2; e = -1; e(1) = 0
  lo = minval(d) - 2; hi = maxval(d) + 2
  print '(A,2F8.3)', 'gershgorin interval:', lo, hi
  print '(A,I3,I3,I3)', 'counts below 0, 2, 4:', below(0.0d0), below(2.0d0), below(4.0d0)
  do k = 1, n
    a = lo; b = hi
    do it = 1, 100
      mid = 0.5d0 * (a + b)
      if (below(mid) >= k) then
        b = mid
      else
        a = mid
      end if
      if (b - a < 1.0d-13) exit
    end do
    lam(k) = 0.5d0 * (a + b)
  end do
  print '(5F12.6)', lam
  print '(A,L2)', 'matches 2-2cos(k pi/(n+1)):', &
    all([(abs(lam(i) - (2 - 2 * cos(i * pi / (n + 1)))) < 1.0d-10, i = 1, n)])
  print '(A,F12.6)', 'sum = trace:', sum(lam)
  print '(A,L2)', 'increasing:', all(lam(2:n) > lam(1:n-1))
  print '(A,L2)', 'symmetric about 2:', all(abs(lam + lam(n:1:-1) - 4) < 1.0d-10)
  ! a matrix with a repeated pattern: diagonal 1..n, off-diagonal 1/2
  d = [(real(i, 8), i = 1, n)]
  e = 0.5d0; e(1) = 0
  lo = 0; hi = n + 1
  print '(A,I3,I3)', 'below 5.5 and 10.5:', below(5.5d0), below(10.5d0)
  a = lo; b = hi
  do it = 1, 200
    mid = 0.5d0 * (a + b)
    if (below(mid) >= n) then
      b = mid
    else
      a = mid
    end if
    if (b - a < 1.0d-13) exit
  end do
  print '(A,F10.5)', 'largest eigenvalue:', 0.5d0 * (a + b)
contains
  integer function below(x)
    real(8), intent(in) :: x
    real(8) :: q
    integer :: j
    below = 0
    q = d(1) - x
    if (q < 0) below = below + 1
    do j = 2, n
      if (q == 0) q = 1.0d-300
      q = d(j) - x - e(j)**2 / q
      if (q < 0) below = below + 1
    end do
  end function below
end program sturm_bisection
