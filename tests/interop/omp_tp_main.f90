! Built by gpuf -fopenmp with omp_tp_mod compiled by gfortran: copyin, then each thread's
! copy is written by gpuf code and read and updated by gfortran code.
program omp_tp_main
  use omp_tp_mod
  use omp_lib
  implicit none
  integer :: bad, total, nthr
  hits = 5
  bad = 0
  total = 0
  nthr = 0
  !$omp parallel copyin(hits) reduction(+:bad, total, nthr)
  if (tp_get() /= 5) bad = bad + 1
  hits = omp_get_thread_num()
  call tp_add(1)
  if (tp_get() /= omp_get_thread_num() + 1) bad = bad + 1
  total = total + hits
  nthr = nthr + 1
  !$omp end parallel
  print *, 'mismatches', bad, 'sum', total == nthr * (nthr + 1) / 2, 'master', hits, tp_get()
end program omp_tp_main
