! Tridiagonal systems by the Thomas algorithm (forward sweep, back substitution) for a
! diffusion matrix with a right-hand side built from a known integer solution, then the
! same system solved by conjugate gradients with a matrix-free operator; residuals and
! solutions printed to a few digits, iteration count bounded by n.
program thomas_cg
  implicit none
  integer, parameter :: n = 12
  real(8) :: a(n), b(n), c(n), d(n), x(n), xe(n), cp(n), dp(n), r(n), p(n), ap(n)
  real(8) :: alpha, beta, rr, rrnew
  integer :: i, it
  a = -1; b = 4; c = -1
  a(1) = 0; c(n) = 0
  xe = [(real(mod(i * 5, 7) - 3, 8), i = 1, n)]
  call apply(xe, d)
  cp(1) = c(1) / b(1)
  dp(1) = d(1) / b(1)
  do i = 2, n
    cp(i) = c(i) / (b(i) - a(i) * cp(i-1))
    dp(i) = (d(i) - a(i) * dp(i-1)) / (b(i) - a(i) * cp(i-1))
  end do
  x(n) = dp(n)
  do i = n - 1, 1, -1
    x(i) = dp(i) - cp(i) * x(i+1)
  end do
  print '(A,12F6.2)', 'thomas:', x
  print '(A,L2)', 'error tiny:', maxval(abs(x - xe)) < 1.0d-12
  ! conjugate gradients from zero
  x = 0
  r = d
  p = r
  rr = dot_product(r, r)
  do it = 1, 100
    call apply(p, ap)
    alpha = rr / dot_product(p, ap)
    x = x + alpha * p
    r = r - alpha * ap
    rrnew = dot_product(r, r)
    if (sqrt(rrnew) < 1.0d-12) exit
    beta = rrnew / rr
    p = r + beta * p
    rr = rrnew
  end do
  print '(A,12F6.2)', 'cg:    ', x
  print '(A,L2)', 'cg iterations <= n:', it <= n
  print '(A,L2)', 'cg error small:', maxval(abs(x - xe)) < 1.0d-9
  call apply(x, r)
  print '(A,L2)', 'residual small:', maxval(abs(r - d)) < 1.0d-9
contains
  subroutine apply(v, w)
    real(8), intent(in) :: v(n)
    real(8), intent(out) :: w(n)
    integer :: k
    do k = 1, n
      w(k) = b(k) * v(k)
      if (k > 1) w(k) = w(k) + a(k) * v(k-1)
      if (k < n) w(k) = w(k) + c(k) * v(k+1)
    end do
  end subroutine apply
end program thomas_cg
