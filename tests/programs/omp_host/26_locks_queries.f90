! flags: -fopenmp
! omp_lib from host OpenMP: simple and nestable locks, omp_test_lock, omp_get_wtime,
! omp_set_num_threads, omp_get_level and omp_in_parallel inside and outside a region.
program locks_queries
  use omp_lib
  implicit none
  integer(omp_lock_kind) :: l
  integer(omp_nest_lock_kind) :: nl
  integer :: i, s, s2, lvl, nt2, inpar
  real(8) :: t0, t1
  logical :: got
  s = 0
  s2 = 0
  call omp_init_lock(l)
  call omp_init_nest_lock(nl)
  t0 = omp_get_wtime()
  !$omp parallel do
  do i = 1, 1000
    call omp_set_lock(l)
    s = s + i
    call omp_unset_lock(l)
    call omp_set_nest_lock(nl)
    call omp_set_nest_lock(nl)
    s2 = s2 + 1
    call omp_unset_nest_lock(nl)
    call omp_unset_nest_lock(nl)
  end do
  t1 = omp_get_wtime()
  call omp_destroy_lock(l)
  call omp_destroy_nest_lock(nl)
  call omp_set_num_threads(2)
  nt2 = 0; lvl = -1; inpar = 0
  !$omp parallel
  !$omp master
  nt2 = omp_get_num_threads()
  lvl = omp_get_level()
  if (omp_in_parallel()) inpar = 1
  !$omp end master
  !$omp end parallel
  call omp_init_lock(l)
  got = omp_test_lock(l)
  print *, s + s2, t1 >= t0, nt2, lvl, inpar, got, omp_get_level()
end program locks_queries
