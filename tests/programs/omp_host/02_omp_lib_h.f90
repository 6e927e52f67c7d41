! flags: -fopenmp
! `include 'omp_lib.h'` (gpuf has the header built in) and omp_lib_kinds.
program omp_lib_h
  use omp_lib_kinds, only: lk => omp_lock_kind
  implicit none
  include 'omp_lib.h'
  integer(lk) :: l
  call omp_set_num_threads(2)
  print *, omp_get_max_threads(), omp_get_thread_num(), omp_in_parallel(), omp_sched_dynamic
  call omp_init_lock(l)
  print *, omp_test_lock(l)
  call omp_unset_lock(l)
  call omp_destroy_lock(l)
  print *, omp_is_initial_device(), omp_get_default_device()
end program omp_lib_h
