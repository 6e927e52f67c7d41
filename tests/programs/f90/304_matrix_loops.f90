! Matrix algorithms with explicit loops on 2-D arrays: Gaussian elimination with partial
! pivoting solving A x = b, a matrix product checked against the known result, a transpose
! in place and the trace, on integer-valued data so that every result is exact.
program matrix_loops
  implicit none
  integer, parameter :: n = 4
  real(8) :: a(n, n), b(n), x(n), lu(n, n), t, piv
  integer :: m(3, 3), p(3, 3), q(3, 3), i, j, k, r
  call fill(a)
  x = [1.0d0, -2.0d0, 3.0d0, 0.5d0]
  do i = 1, n
    b(i) = sum(a(i, :) * x)
  end do
  lu = a
  do k = 1, n - 1
    r = k
    piv = abs(lu(k, k))
    do i = k + 1, n
      if (abs(lu(i, k)) > piv) then
        piv = abs(lu(i, k))
        r = i
      end if
    end do
    if (r /= k) then
      do j = 1, n
        t = lu(k, j); lu(k, j) = lu(r, j); lu(r, j) = t
      end do
      t = b(k); b(k) = b(r); b(r) = t
    end if
    do i = k + 1, n
      t = lu(i, k) / lu(k, k)
      lu(i, k:n) = lu(i, k:n) - t * lu(k, k:n)
      b(i) = b(i) - t * b(k)
    end do
  end do
  do i = n, 1, -1
    x(i) = (b(i) - sum(lu(i, i+1:n) * x(i+1:n))) / lu(i, i)
  end do
  print '(A,4F10.5)', 'x =', x
  do j = 1, 3
    do i = 1, 3
      m(i, j) = i + 3 * (j - 1)
      p(i, j) = merge(1, 0, i == j) + merge(2, 0, i + j == 4)
    end do
  end do
  q = 0
  do j = 1, 3
    do k = 1, 3
      do i = 1, 3
        q(i, j) = q(i, j) + m(i, k) * p(k, j)
      end do
    end do
  end do
  do i = 1, 3
    print '(3I5)', q(i, :)
  end do
  do j = 1, 3
    do i = j + 1, 3
      k = m(i, j); m(i, j) = m(j, i); m(j, i) = k
    end do
  end do
  print *, 'transposed rows', (m(1, j), j = 1, 3), (m(3, j), j = 1, 3)
  print *, 'trace', sum([(q(i, i), i = 1, 3)])
contains
  subroutine fill(c)
    real(8), intent(out) :: c(n, n)
    integer :: ii, jj
    do jj = 1, n
      do ii = 1, n
        c(ii, jj) = real(mod(ii * 7 + jj * 3, 5) + merge(6, 0, ii == jj), 8)
      end do
    end do
  end subroutine fill
end program matrix_loops
