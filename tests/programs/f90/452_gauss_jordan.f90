! Matrix inversion by Gauss-Jordan elimination with partial pivoting on an augmented
! array [A | I], for a unimodular integer matrix (its inverse is an integer matrix, so
! every printed entry is exact after rounding with nint), A * inv(A) = I checked with
! explicit loops, and a singular matrix detected by a zero pivot.
program gauss_jordan
  implicit none
  integer, parameter :: n = 4
  real(8) :: a(n,n), aug(n, 2*n), inv(n,n), prod(n,n), s(n,n)
  integer :: i, j, k
  logical :: singular
  integer :: vals(n*n)
  real(8) :: eye(n,n)
  vals = [2, 1, 1, 0, &
          1, 1, 0, 1, &
          3, 2, 2, 1, &
          1, 1, 1, 1]
  call from_rows(vals, a)
  call identity(eye)
  call invert(a, inv, singular)
  print '(A,L2)', 'singular:', singular
  do i = 1, n
    print '(4I5)', nint(inv(i,:))
  end do
  prod = 0
  do j = 1, n
    do k = 1, n
      do i = 1, n
        prod(i,j) = prod(i,j) + a(i,k) * inv(k,j)
      end do
    end do
  end do
  print '(A,L2)', 'A*inv(A) = I:', all(abs(prod - eye) < 1.0d-12)
  vals = [1, 2, 3, 4, &
          2, 4, 6, 8, &
          0, 1, 0, 1, &
          1, 0, 1, 0]
  call from_rows(vals, s)
  call invert(s, inv, singular)
  print '(A,L2)', 'second matrix singular:', singular
contains
  subroutine from_rows(v, r)
    integer, intent(in) :: v(n*n)
    real(8), intent(out) :: r(n,n)
    integer :: p, q
    do p = 1, n
      do q = 1, n
        r(p,q) = v((p-1)*n + q)
      end do
    end do
  end subroutine from_rows
  subroutine identity(r)
    real(8), intent(out) :: r(n,n)
    integer :: p
    r = 0
    do p = 1, n
      r(p,p) = 1
    end do
  end subroutine identity
  subroutine invert(m, mi, sing)
    real(8), intent(in) :: m(n,n)
    real(8), intent(out) :: mi(n,n)
    logical, intent(out) :: sing
    real(8) :: row(2*n), piv
    integer :: c, r, p
    aug(:, 1:n) = m
    aug(:, n+1:) = eye
    sing = .false.
    do c = 1, n
      p = c - 1 + maxloc(abs(aug(c:n, c)), dim=1)
      if (abs(aug(p, c)) < 1.0d-12) then
        sing = .true.
        return
      end if
      if (p /= c) then
        row = aug(c,:); aug(c,:) = aug(p,:); aug(p,:) = row
      end if
      piv = aug(c,c)
      aug(c,:) = aug(c,:) / piv
      do r = 1, n
        if (r /= c) aug(r,:) = aug(r,:) - aug(r,c) * aug(c,:)
      end do
    end do
    mi = aug(:, n+1:)
  end subroutine invert
end program gauss_jordan
