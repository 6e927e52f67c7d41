! flags: -fopenmp
! parallel master and parallel masked: a team whose body one thread (number 0) runs.
program parallel_master
  use omp_lib
  implicit none
  integer :: n, who, t
  n = 0; who = -1; t = 0
  !$omp parallel master reduction(+:n)
  n = n + 1
  who = omp_get_thread_num()
  !$omp end parallel master
  print *, n, who
  !$omp parallel masked filter(0) shared(t)
  t = omp_get_num_threads() - omp_get_max_threads()
  !$omp end parallel masked
  print *, t
end program parallel_master
