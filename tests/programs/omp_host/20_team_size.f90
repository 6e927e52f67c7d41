! flags: -fopenmp
! OMP_NUM_THREADS sets the team size; every thread has a distinct number; taskwait.
program team_size
  use omp_lib
  implicit none
  integer :: seen(0:63), nt, i, bad, me
  seen = 0
  nt = 0
  !$omp parallel private(me)
  me = omp_get_thread_num()
  !$omp atomic
  seen(me) = seen(me) + 1
  !$omp master
  nt = omp_get_num_threads()
  !$omp end master
  !$omp taskwait
  !$omp end parallel
  bad = 0
  do i = 0, 63
    if (i < nt .and. seen(i) /= 1) bad = bad + 1
    if (i >= nt .and. seen(i) /= 0) bad = bad + 1
  end do
  print *, nt == omp_get_max_threads(), bad, omp_in_parallel()
end program team_size
