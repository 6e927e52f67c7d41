! The variable of a `do` loop in a `kernels` construct keeps the value the sequential loop
! leaves (the last value plus the step, or the start when the loop does not run) for the
! statements after it, in the construct and, as `kernels` copies scalars back, on the host:
! loops the dependence test partitions (at the top level and inside a gang loop) and
! sequential ones, split into several kernels or not, with steps other than 1 and integer(8).
! (The host's copy of an inner loop's variable is not copied back yet: not printed.)
program kernels_loop_variable_after
  implicit none
  integer, parameter :: n = 100
  integer :: a(n), b(8, 20), c(20), i, j, k, m
  integer(8) :: l, big(30)
  m = n
  !$acc kernels copyout(a) copy(k)
  do i = 1, m
    a(i) = i
  end do
  k = i
  !$acc end kernels
  print *, sum(a), k, i

  !$acc kernels copy(a)
  do j = 3, n, 7
    a(j) = a(j) + 1
  end do
  !$acc end kernels
  print *, sum(a), j

  !$acc kernels copy(a)
  do j = n, 1, -3
    a(j) = a(j) * 2
  end do
  !$acc end kernels
  print *, sum(a), j

  !$acc kernels copy(a)
  do j = 5, 4
    a(j) = 0
  end do
  !$acc end kernels
  print *, sum(a), j

  !$acc kernels copyout(big)
  do l = 1_8, 30_8
    big(l) = l * 3_8
  end do
  !$acc end kernels
  print *, sum(big), l

  !$acc kernels copyout(b, c)
  do j = 1, 20
    do i = 1, 8
      b(i, j) = i + j
    end do
    c(j) = i
  end do
  !$acc end kernels
  print *, sum(b), sum(c), j

  k = 0
  !$acc kernels copy(k)
  do i = 1, 10
    k = k + i
  end do
  k = k * 100 + i
  !$acc end kernels
  print *, k, i
end program kernels_loop_variable_after
