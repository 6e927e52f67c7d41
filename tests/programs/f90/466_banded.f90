! Banded matrices in LAPACK-style band storage ab(ku+1+i-j, j): conversion from a dense
! matrix, band matrix-vector products checked against the dense product, the bandwidth
! found by scanning, and a banded LU without pivoting on a diagonally dominant matrix.
program banded
  implicit none
  integer, parameter :: n = 8, kl = 2, ku = 1
  real(8) :: a(n,n), ab(kl+ku+1, n), x(n), y(n), yd(n), lu(kl+ku+1, n), b(n)
  integer :: i, j, k, lo, hi, bwl, bwu
  a = 0
  do j = 1, n
    do i = max(1, j - ku), min(n, j + kl)
      a(i,j) = real(i - j, 8) * 0.5d0 + merge(8.0d0, 0.0d0, i == j)
    end do
  end do
  bwl = 0; bwu = 0
  do j = 1, n
    do i = 1, n
      if (a(i,j) /= 0) then
        bwl = max(bwl, i - j)
        bwu = max(bwu, j - i)
      end if
    end do
  end do
  print '(A,2I3)', 'bandwidths (lower, upper):', bwl, bwu
  ab = 0
  do j = 1, n
    do i = max(1, j - ku), min(n, j + kl)
      ab(ku + 1 + i - j, j) = a(i,j)
    end do
  end do
  do i = 1, kl + ku + 1
    print '(8F6.2)', ab(i,:)
  end do
  x = [(real(mod(3 * i, 5) - 2, 8), i = 1, n)]
  y = 0
  do j = 1, n
    do i = max(1, j - ku), min(n, j + kl)
      y(i) = y(i) + ab(ku + 1 + i - j, j) * x(j)
    end do
  end do
  do i = 1, n
    yd(i) = dot_product(a(i,:), x)
  end do
  print '(A,8F7.2)', 'y =', y
  print '(A,L2)', 'band product equals dense:', all(y == yd)
  ! banded LU (no pivoting): multipliers stored in the lower band
  lu = ab
  do k = 1, n - 1
    hi = min(n, k + kl)
    do i = k + 1, hi
      lu(ku + 1 + i - k, k) = lu(ku + 1 + i - k, k) / lu(ku + 1, k)
      do j = k + 1, min(n, k + ku)
        lu(ku + 1 + i - j, j) = lu(ku + 1 + i - j, j) - lu(ku + 1 + i - k, k) * lu(ku + 1 + k - j, j)
      end do
    end do
  end do
  b = y
  do i = 2, n
    lo = max(1, i - kl)
    do j = lo, i - 1
      b(i) = b(i) - lu(ku + 1 + i - j, j) * b(j)
    end do
  end do
  do i = n, 1, -1
    do j = i + 1, min(n, i + ku)
      b(i) = b(i) - lu(ku + 1 + i - j, j) * b(j)
    end do
    b(i) = b(i) / lu(ku + 1, i)
  end do
  print '(A,8F7.3)', 'solved x =', b
  print '(A,L2)', 'recovered:', maxval(abs(b - x)) < 1.0d-12
end program banded
