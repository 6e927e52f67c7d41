! flags: -fopenmp
! `single`, `master`, `masked`, `parallel master`, `task` (with `depend`), `taskgroup`,
! `taskwait` and every form of `taskloop` inside target regions: run inline by the thread
! that meets them, so tasks run in creation order and every dependence holds.
program device_tasks_inline
  implicit none
  integer, parameter :: n = 100
  integer :: x(n), y(n), i, a, b, c, d, last
  do i = 1, n
    x(i) = i
    y(i) = 0
  end do
  !$omp target parallel map(tofrom: x)
  !$omp master taskloop
  do i = 1, n
    x(i) = x(i) * 2
  end do
  !$omp end master taskloop
  !$omp end target parallel
  !$omp target map(tofrom: x, y)
  !$omp parallel master
  !$omp taskloop simd
  do i = 1, n
    y(i) = x(i) + 1
  end do
  !$omp end taskloop simd
  !$omp end parallel master
  !$omp end target
  !$omp target map(tofrom: y)
  !$omp parallel master taskloop simd
  do i = 1, n, 3
    y(i) = -y(i)
  end do
  !$omp end parallel master taskloop simd
  !$omp end target
  !$omp target map(from: d, last)
  !$omp parallel
  !$omp single
  !$omp task depend(out: c)
  c = 1
  !$omp end task
  !$omp task depend(out: a)
  a = 2
  !$omp end task
  !$omp task depend(out: b)
  b = 5
  !$omp end task
  !$omp task depend(in: a) depend(inout: c)
  c = c * 10 + a
  !$omp end task
  !$omp taskgroup
  !$omp task depend(in: b) depend(inout: c)
  c = c * 10 + b
  !$omp end task
  !$omp end taskgroup
  !$omp taskwait
  !$omp task depend(in: c)
  d = c
  !$omp end task
  !$omp end single
  !$omp masked
  !$omp taskloop lastprivate(last)
  do i = 1, 7
    last = i * i
  end do
  !$omp end masked
  !$omp end parallel
  !$omp end target
  print *, sum(x), x(1), x(n), sum(y), y(1), y(2), y(n)
  print *, d, last
end program
