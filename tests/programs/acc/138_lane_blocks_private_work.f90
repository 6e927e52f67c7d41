! Per-iteration work that must land where the sequential loop puts it while the threads of
! a level take contiguous blocks (the sim device): private scalars and arrays reused
! across a thread's consecutive iterations, inner sequential loops with `exit` and
! `cycle`, worker loops of blocks whose vector loops split each row again, a `kernels`
! loop nest, and trip counts that leave some threads without iterations.
program lane_blocks_private_work
  implicit none
  integer, parameter :: n = 300, m = 45
  integer :: a(m, n), first(n), tmp(4), i, j, k, t, s
  real(8) :: x(n), y(n)
  a = 0
  first = 0
  !$acc parallel loop gang worker vector num_gangs(2) num_workers(3) vector_length(32) &
  !$acc   private(t, tmp) copy(first)
  do i = 1, n
    tmp = [i, 2 * i, 3 * i, 4 * i]
    t = 0
    do k = 1, 4
      if (mod(tmp(k), 7) == 0) then
        t = k
        exit
      end if
      if (mod(tmp(k), 2) == 0) cycle
      t = t - 1
    end do
    first(i) = t
  end do
  print '(a, 3i8)', 'private', sum(first), count(first > 0), minval(first)

  !$acc parallel loop gang num_gangs(4) num_workers(2) vector_length(32) copy(a)
  do j = 1, n
    !$acc loop worker
    do k = 1, 3
      !$acc loop vector
      do i = k, m, 3
        a(i, j) = a(i, j) + i * k + j
      end do
    end do
  end do
  print '(a, i12, i6)', 'rows', sum(a), count(a == 0)

  x = [(real(i, 8), i = 1, n)]
  y = 0
  !$acc kernels copyin(x) copy(y)
  !$acc loop independent
  do i = n, 1, -1
    y(i) = 2.0d0 * x(i) + 0.5d0
  end do
  !$acc end kernels
  print '(a, f14.2, f8.1)', 'kernels', sum(y), y(n)

  s = 0
  !$acc parallel loop vector vector_length(64) reduction(+:s)
  do i = 1, 40
    s = s + i * i
  end do
  print '(a, i8)', 'few', s
end program lane_blocks_private_work
