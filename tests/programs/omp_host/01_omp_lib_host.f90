! flags: -fopenmp
! The routines of omp_lib in host code outside any parallel region (gfortran's values).
program omp_lib_host
  use omp_lib
  implicit none
  integer(omp_lock_kind) :: lck
  integer(kind=omp_sched_kind) :: k
  real(8) :: t0, t1
  logical :: got
  print *, omp_get_num_threads(), omp_get_thread_num(), omp_in_parallel(), omp_get_level()
  call omp_set_num_threads(3)
  print *, omp_get_max_threads()
  print *, omp_get_num_procs() > 0, omp_get_thread_limit() > 0
  t0 = omp_get_wtime()
  t1 = omp_get_wtime()
  print *, t1 >= t0, omp_get_wtick() > 0d0, omp_get_wtick() < 1d0
  call omp_init_lock(lck)
  call omp_set_lock(lck)
  got = omp_test_lock(lck)
  print *, 'locked twice:', got
  call omp_unset_lock(lck)
  got = omp_test_lock(lck)
  print *, 'locked after unset:', got
  call omp_unset_lock(lck)
  call omp_destroy_lock(lck)
  call omp_set_dynamic(.false.)
  print *, omp_get_dynamic()
  print *, omp_is_initial_device(), omp_get_team_num(), omp_get_num_teams()
  k = omp_sched_guided
  print *, k, omp_lock_kind, omp_nest_lock_kind, openmp_version, omp_proc_bind_spread
end program omp_lib_host
