! Cholesky factorisation A = L L^T with explicit loops on a symmetric positive definite
! matrix built from an integer lower-triangular factor, so sqrt() only sees perfect squares;
! solves A x = b by two triangular solves and computes log-free determinant checks.
program cholesky
  implicit none
  integer, parameter :: n = 5
  real(8) :: a(n,n), g(n,n), lf(n,n), b(n), x(n), s
  integer :: i, j, k
  g = 0
  do i = 1, n
    do j = 1, i
      g(i,j) = real(mod(i * j, 4) + merge(i, 0, i == j), 8)
    end do
  end do
  a = 0
  do i = 1, n
    do j = 1, n
      do k = 1, min(i, j)
        a(i,j) = a(i,j) + g(i,k) * g(j,k)
      end do
    end do
  end do
  print '(A)', 'A:'
  do i = 1, n
    print '(5F7.1)', a(i,:)
  end do
  lf = 0
  do j = 1, n
    s = a(j,j)
    do k = 1, j - 1
      s = s - lf(j,k)**2
    end do
    if (s <= 0) then
      print *, 'not positive definite at', j
      stop 1
    end if
    lf(j,j) = sqrt(s)
    do i = j + 1, n
      s = a(i,j)
      do k = 1, j - 1
        s = s - lf(i,k) * lf(j,k)
      end do
      lf(i,j) = s / lf(j,j)
    end do
  end do
  print '(A)', 'L:'
  do i = 1, n
    print '(5F7.1)', lf(i,:)
  end do
  print '(A,L2)', 'L equals G:', all(lf == g)
  print '(A,F12.1)', 'det(A) = prod(diag)^2 =', product([(lf(i,i), i = 1, n)])**2
  ! b = A * [1, -1, 2, 0, 3]
  x = [1.0d0, -1.0d0, 2.0d0, 0.0d0, 3.0d0]
  b = 0
  do j = 1, n
    b = b + a(:,j) * x(j)
  end do
  x = 0
  do i = 1, n
    x(i) = (b(i) - dot_product(lf(i,1:i-1), x(1:i-1))) / lf(i,i)
  end do
  do i = n, 1, -1
    x(i) = (x(i) - dot_product(lf(i+1:n,i), x(i+1:n))) / lf(i,i)
  end do
  print '(A,5F8.3)', 'x =', x
  ! a non-SPD matrix is detected
  a(3,3) = -1
  s = a(3,3) - sum(lf(3,1:2)**2)
  print '(A,L2)', 'modified matrix rejected:', s <= 0
end program cholesky
