! flags: -fopenmp
program host_not_yet
  implicit none
  integer :: i, s, a(10)
  s = 0
  !$omp parallel default(private)
  s = 1
  !$omp end parallel
  !$omp parallel workshare
  a = 1
  !$omp end parallel workshare
  print *, s, a
end program host_not_yet
