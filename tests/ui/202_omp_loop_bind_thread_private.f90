! flags: -fopenmp
! A host `loop bind(thread)` runs as the plain loop on each thread; its data-sharing
! clauses are not implemented yet.
program loop_bind_thread_private
  implicit none
  integer :: i, s
  s = 0
  !$omp parallel
  !$omp loop bind(thread) private(s)
  do i = 1, 8
    s = i
  end do
  !$omp end parallel
end program loop_bind_thread_private
