! flags: -fopenmp
! num_threads and if decide the team size; omp_get_num_threads sees it.
program num_threads_if
  use omp_lib
  implicit none
  integer :: n1, n2, n3, lvl
  logical :: par, c
  c = .false.
  !$omp parallel num_threads(3)
  !$omp master
  n1 = omp_get_num_threads()
  !$omp end master
  !$omp end parallel
  !$omp parallel if(c)
  n2 = omp_get_num_threads()
  par = omp_in_parallel()
  !$omp end parallel
  c = .true.
  !$omp parallel if(c) num_threads(2)
  !$omp master
  n3 = omp_get_num_threads()
  lvl = omp_get_level()
  !$omp end master
  !$omp end parallel
  print *, n1, n2, par, n3, lvl
end program num_threads_if
