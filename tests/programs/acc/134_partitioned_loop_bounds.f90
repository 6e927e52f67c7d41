! Partitioned loops of a small iteration space run without a trip count (each thread steps
! by the thread count while at most the last iteration): empty ranges (also from run-time
! bounds), fewer iterations than threads, negative and non-unit steps, `cycle` (the step
! must still happen), and loops at every level.
program partitioned_loop_bounds
  implicit none
  integer, parameter :: n = 1000
  integer :: a(n), b(64, 64), i, j, k, lo, hi, cnt, s
  lo = 5; hi = 4
  a = 0
  cnt = 0
  !$acc parallel loop gang vector copy(a) reduction(+:cnt)
  do i = lo, hi
    a(i) = 1
    cnt = cnt + 1
  end do
  print '(a, 2i6)', 'empty', cnt, sum(a)

  !$acc parallel loop gang vector num_gangs(7) copy(a) reduction(+:cnt)
  do i = 1, 3
    a(i) = a(i) + i
    cnt = cnt + 1
  end do
  print '(a, 2i6)', 'few', cnt, sum(a)

  a = 0
  !$acc parallel loop gang vector copy(a)
  do i = n, 1, -3
    a(i) = i
  end do
  print '(a, 2i10)', 'down', sum(a), count(a /= 0)

  a = 0
  s = 0
  !$acc parallel loop gang vector copy(a) reduction(+:s)
  do i = 1, n, 7
    if (mod(i, 2) == 0) cycle
    a(i) = 1
    s = s + i
  end do
  print '(a, 2i10)', 'cycle', s, sum(a)

  b = 0
  !$acc parallel loop gang num_workers(2) copy(b)
  do j = 1, 64
    !$acc loop worker
    do k = 1, 64, 2
      !$acc loop vector
      do i = k, min(k + 1, 64)
        if (i == 10) cycle
        b(i, j) = i + 100 * j
      end do
    end do
  end do
  print '(a, 2i12)', 'levels', sum(b), count(b == 0)

  cnt = 0
  hi = 0
  !$acc parallel loop worker vector reduction(+:cnt)
  do i = 1, hi
    cnt = cnt + 1
  end do
  print '(a, i6)', 'zero', cnt
end program partitioned_loop_bounds
