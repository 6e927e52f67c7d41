! Power iteration for the dominant eigenvalue of a symmetric tridiagonal matrix with known
! eigenvalues, Rayleigh quotients, normalisation with sqrt/sum, and deflation-free inverse
! checks; results are printed to a few digits only.
program power_iter
  implicit none
  integer, parameter :: n = 8
  real(8) :: a(n,n), v(n), w(n), lam, lamold, pi
  integer :: i, it, iters
  pi = 3.14159265358979323846d0
  a = 0
  do i = 1, n
    a(i,i) = 2.0d0
    if (i > 1) a(i,i-1) = -1.0d0
    if (i < n) a(i,i+1) = -1.0d0
  end do
  v = 1.0d0
  v(1:n:2) = 2.0d0
  lamold = 0
  iters = 0
  do it = 1, 5000
    call mv(v, w)
    lam = dot_product(v, w) / dot_product(v, v)
    v = w / sqrt(sum(w**2))
    if (abs(lam - lamold) < 1.0d-13) then
      iters = it
      exit
    end if
    lamold = lam
  end do
  print '(A,L2)', 'converged:', iters > 0
  print '(A,F10.6)', 'largest eigenvalue:', lam
  print '(A,F10.6)', 'exact:             ', 2.0d0 - 2.0d0 * cos(n * pi / (n + 1))
  print '(A,F10.6)', 'norm of v:', sqrt(sum(v**2))
  ! the eigenvector alternates in sign
  print '(A,I3)', 'sign changes:', count(v(1:n-1) * v(2:n) < 0)
  ! shifted power iteration gives the smallest: B = 4I - A
  v = [(real(i, 8), i = 1, n)]
  do it = 1, 20000
    call mv(v, w)
    w = 4.0d0 * v - w
    lam = dot_product(v, w) / dot_product(v, v)
    v = w / sqrt(sum(w**2))
  end do
  print '(A,F10.6)', 'smallest eigenvalue:', 4.0d0 - lam
  print '(A,F10.6)', 'exact:              ', 2.0d0 - 2.0d0 * cos(pi / (n + 1))
  print '(A,I3)', 'sign changes:', count(v(1:n-1) * v(2:n) < 0)
contains
  subroutine mv(x, y)
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: y(n)
    integer :: r
    do r = 1, n
      y(r) = sum(a(r,:) * x)
    end do
  end subroutine mv
end program power_iter
