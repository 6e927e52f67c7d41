! A small linear-algebra module in the style of real codes: Gaussian elimination with
! partial pivoting on assumed-shape matrices, residuals with matmul, a power iteration,
! and array-valued helper functions; exact data so results print identically.
module linalg
  implicit none
contains
  subroutine solve(a, b, x)
    real(8), intent(in) :: a(:,:), b(:)
    real(8), intent(out) :: x(:)
    real(8) :: m(size(a, 1), size(a, 2)), r(size(b)), t, f
    integer :: n, i, k, p
    n = size(b)
    m = a
    r = b
    do k = 1, n - 1
      p = k - 1 + maxloc(abs(m(k:n, k)), 1)
      if (p /= k) then
        do i = 1, n
          t = m(k, i)
          m(k, i) = m(p, i)
          m(p, i) = t
        end do
        t = r(k)
        r(k) = r(p)
        r(p) = t
      end if
      do i = k + 1, n
        f = m(i, k) / m(k, k)
        m(i, k:n) = m(i, k:n) - f * m(k, k:n)
        r(i) = r(i) - f * r(k)
      end do
    end do
    do i = n, 1, -1
      x(i) = (r(i) - dot_product(m(i, i + 1:n), x(i + 1:n))) / m(i, i)
    end do
  end subroutine solve

  function identity(n) result(e)
    integer, intent(in) :: n
    real(8) :: e(n, n)
    integer :: i
    e = 0d0
    do i = 1, n
      e(i, i) = 1d0
    end do
  end function identity

  function residual(a, x, b) result(r)
    real(8), intent(in) :: a(:,:), x(:), b(:)
    real(8) :: r(size(b))
    r = matmul(a, x) - b
  end function residual

  real(8) function norm_inf(v)
    real(8), intent(in) :: v(:)
    norm_inf = maxval(abs(v))
  end function norm_inf
end module linalg

program linear_algebra
  use linalg
  implicit none
  real(8) :: a(4, 4), b(4), x(4), v(4), w(4), lam
  integer :: i, j, it
  do j = 1, 4
    do i = 1, 4
      a(i, j) = real(min(i, j), 8)
    end do
    a(j, j) = a(j, j) + 4d0
  end do
  b = [1d0, 2d0, 4d0, 8d0]
  call solve(a, b, x)
  print '(4f14.8)', x
  print '(es12.3)', norm_inf(residual(a, x, b))
  call solve(transpose(a) + identity(4), b(4:1:-1), x)
  print '(4f14.8)', x
  print '(4f8.2)', matmul(a, identity(4)) - a
  print '(4f8.2)', matmul(transpose(a), a)
  v = 1d0
  do it = 1, 20
    w = matmul(a, v)
    lam = norm_inf(w)
    v = w / lam
  end do
  print '(f12.6)', lam
  print '(4f10.6)', v
  print '(f10.4)', sum(a * identity(4)), sum(matmul(identity(4), a)) - sum(a)
end program linear_algebra
