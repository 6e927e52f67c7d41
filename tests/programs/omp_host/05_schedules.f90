! flags: -fopenmp
! Every schedule kind, with and without a chunk: each iteration runs exactly once.
program schedules
  implicit none
  integer, parameter :: n = 997
  integer :: i, hits(n), s
  hits = 0
  !$omp parallel do schedule(static)
  do i = 1, n
    hits(i) = hits(i) + 1
  end do
  !$omp parallel do schedule(static, 3)
  do i = 1, n
    hits(i) = hits(i) + 1
  end do
  !$omp parallel do schedule(dynamic)
  do i = 1, n
    hits(i) = hits(i) + 1
  end do
  !$omp parallel do schedule(dynamic, 10)
  do i = n, 1, -1
    hits(i) = hits(i) + 1
  end do
  !$omp parallel do schedule(guided)
  do i = 1, n
    hits(i) = hits(i) + 1
  end do
  !$omp parallel do schedule(guided, 4)
  do i = 1, n, 2
    hits(i) = hits(i) + 1
  end do
  !$omp parallel do schedule(runtime)
  do i = 1, n
    hits(i) = hits(i) + 1
  end do
  !$omp parallel do schedule(auto)
  do i = 1, n
    hits(i) = hits(i) + 1
  end do
  s = 0
  do i = 1, n
    s = s + hits(i)
  end do
  print *, s, minval(hits), maxval(hits), hits(1), hits(2)
  s = 0
  !$omp parallel do schedule(dynamic, 7) reduction(+:s)
  do i = 1, n
    s = s + i
  end do
  print *, s
end program schedules
