! flags: -fopenmp
! One team: target parallel do, and target containing a parallel do.
program target_parallel_do
  implicit none
  integer, parameter :: n = 777
  integer :: a(n), i, s
  !$omp target parallel do map(from: a) num_threads(64)
  do i = 1, n
    a(i) = 3 * i - 1
  end do
  s = 0
  !$omp target map(tofrom: a, s)
  a(1) = 0
  !$omp parallel do reduction(+:s)
  do i = 1, n
    s = s + a(i)
  end do
  !$omp end target
  print *, a(1), a(n), s
end program target_parallel_do
