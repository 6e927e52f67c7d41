! A parallel do with a static schedule: prints the team size omp_get_num_threads reports in
! the loop (equal in every iteration) and how many distinct threads ran iterations.
program omp_team_size
  use omp_lib
  implicit none
  integer :: i, nthr(1000), tid(1000), used(0:63)
  nthr = 0
  tid = -1
  !$omp parallel do schedule(static)
  do i = 1, 1000
    nthr(i) = omp_get_num_threads()
    tid(i) = omp_get_thread_num()
  end do
  used = 0
  do i = 1, 1000
    used(tid(i)) = 1
  end do
  print '(i0, 1x, l1, 1x, i0)', nthr(1), all(nthr == nthr(1)), sum(used)
end program omp_team_size
