! Built by gpuf -fopenmp and linked with omp_sub_gf.f90 (gfortran -fopenmp): one team of
! libgomp threads, one omp_get_thread_num on both sides.
program omp_main_gpuf
  use omp_lib
  implicit none
  integer :: hits(100), s, bad, me, nthr, gtid, gnthr
  hits = 0
  s = 0
  bad = 0
  !$omp parallel private(me, nthr, gtid, gnthr) reduction(+:bad)
  me = omp_get_thread_num()
  nthr = omp_get_num_threads()
  call gf_who(gtid, gnthr)
  if (gtid /= me .or. gnthr /= nthr) bad = bad + 1
  call gf_share(hits, 100, s)
  !$omp end parallel
  print *, 'mismatches', bad
  print *, 'sum', s, 'each once', all(hits == 1)
end program omp_main_gpuf
