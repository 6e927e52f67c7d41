! Built by gfortran -fopenmp, linked with omp_sub_gpuf.f90 built by gpuf.
program omp_main_gf
  use omp_lib
  implicit none
  integer :: hits(77), s, tids(0:63), nthr
  hits = 0
  s = 0
  tids = 0
  nthr = 0
  !$omp parallel
  call gpuf_share(hits, 77, s, tids)
  !$omp critical (tally)
  tids(omp_get_thread_num()) = tids(omp_get_thread_num()) + 10
  !$omp end critical (tally)
  !$omp master
  nthr = omp_get_num_threads()
  !$omp end master
  !$omp end parallel
  print *, 'sum', s, 'each once', all(hits == 1)
  print *, 'every thread', all(tids(0:nthr-1) == 11), count(tids /= 0) == nthr
end program omp_main_gf
