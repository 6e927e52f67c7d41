! forall and do concurrent in kernels: a matrix transpose with forall, a Hilbert-like
! integer matrix, an upper-triangular fill with a mask, a red-black update with a stride,
! a do concurrent over two indices building an outer product and a masked do concurrent.
program forall_concurrent
  implicit none
  integer, parameter :: n = 5
  integer :: a(n,n), t(n,n), u(n,n), i, j
  real(8) :: x(n), y(n), op(n,n), v(10)
  forall (i = 1:n, j = 1:n) a(i,j) = 10 * i + j
  forall (i = 1:n, j = 1:n) t(j,i) = a(i,j)
  do i = 1, n
    print '(5I4)', t(i,:)
  end do
  u = 0
  forall (i = 1:n, j = 1:n, j >= i) u(i,j) = i + j
  do i = 1, n
    print '(5I4)', u(i,:)
  end do
  ! red-black: odd points then even points from neighbours
  v = [(real(i * i, 8), i = 1, 10)]
  forall (i = 3:9:2) v(i) = (v(i-1) + v(i+1)) / 2
  forall (i = 2:8:2) v(i) = (v(i-1) + v(i+1)) / 2
  print '(10F7.1)', v
  x = [(0.5d0 * i, i = 1, n)]
  y = [(2.0d0 ** (i - 3), i = 1, n)]
  do concurrent (i = 1:n, j = 1:n)
    op(i,j) = x(i) * y(j)
  end do
  print '(5F8.3)', (op(i,:), i = 1, n)
  do concurrent (i = 1:n, j = 1:n, i /= j)
    op(i,j) = 0
  end do
  print '(A,F8.3)', 'trace:', sum([(op(i,i), i = 1, n)])
  print '(A,F8.3)', 'total:', sum(op)
  ! forall with a right side reading the array being assigned (uses old values)
  a = 0
  forall (i = 1:n) a(i,1) = i
  forall (i = 2:n) a(i,1) = a(i-1,1) * 10
  print '(5I5)', a(:,1)
  forall (i = 1:n)
    a(i,2) = a(i,1) + 1
    a(i,3) = a(i,2) * 2
  end forall
  print '(5I5)', a(:,3)
end program forall_concurrent
