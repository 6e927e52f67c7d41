! flags: -fopenmp
! target without teams or parallel: one thread runs the region (a recurrence).
program target_one_thread
  implicit none
  integer, parameter :: n = 40
  integer :: f(n), i, total
  total = 0
  !$omp target map(from: f) map(tofrom: total)
  f(1) = 1
  f(2) = 1
  do i = 3, n
    f(i) = mod(f(i - 1) + f(i - 2), 100000)
  end do
  do i = 1, n
    total = total + f(i)
  end do
  !$omp end target
  print *, f(10), f(n), total
end program target_one_thread
