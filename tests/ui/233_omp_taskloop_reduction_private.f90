! flags: -fopenmp
! The reduction of a host `taskloop` is combined into the original when its task ends: an
! original private to the enclosing `parallel` (a per-thread copy the task cannot reach)
! is "not yet implemented".
program taskloop_reduction_private
  implicit none
  integer :: i, s
  !$omp parallel private(s)
  s = 0
  !$omp single
  !$omp taskloop reduction(+: s)
  do i = 1, 10
    s = s + i
  end do
  !$omp end single
  !$omp end parallel
end program taskloop_reduction_private
