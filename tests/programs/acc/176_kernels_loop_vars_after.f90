! After a `kernels` construct that is a loop nest, the host holds the values the
! sequential loops leave in their variables: the outer loop's and those of the loops
! nested in it that every iteration runs whole (rectangular nests), also when an inner
! loop runs zero times; when the outer loop runs zero times the inner variables keep
! their values.
program kernels_loop_vars_after
  implicit none
  integer :: a(8, 4), b(6, 5, 3), c(10)
  integer :: i, j, k, n, m
  n = 8
  m = 4
  a = 0
  !$acc kernels copy(a)
  do i = 1, n
    do j = 1, m
      a(i, j) = i + 10 * j
    end do
  end do
  !$acc end kernels
  print '(a, 3i6)', 'two loops:  ', i, j, sum(a)

  b = 0
  !$acc kernels copy(b)
  do k = 3, 1, -1
    do j = 1, 5, 2
      do i = 6, 1, -2
        b(i, j, k) = i * j * k
      end do
    end do
  end do
  !$acc end kernels
  print '(a, 4i6)', 'three loops:', i, j, k, sum(b)

  ! the inner loop runs zero times: its variable is its start value
  c = 1
  !$acc kernels copy(c)
  do i = 1, 10
    c(i) = c(i) + i
    do j = 5, 4
      c(i) = 0
    end do
  end do
  !$acc end kernels
  print '(a, 3i6)', 'empty inner:', i, j, sum(c)

  ! the outer loop runs zero times: the inner variable keeps its value
  j = 77
  n = 0
  !$acc kernels copy(c)
  do i = 1, n
    do j = 1, 3
      c(i) = j
    end do
  end do
  !$acc end kernels
  print '(a, 3i6)', 'empty outer:', i, j, sum(c)
end program kernels_loop_vars_after
