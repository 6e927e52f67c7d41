! flags: -fopenmp
! A host taskloop runs as one task in a taskgroup; its `lastprivate` clause is a located
! "not yet implemented" error (its `reduction` is the task's).
program taskloop_reduction
  implicit none
  integer :: i, s
  s = 0
  !$omp parallel
  !$omp single
  !$omp taskloop reduction(+:s)
  do i = 1, 10
    s = s + i
  end do
  !$omp taskloop lastprivate(i)
  do i = 1, 10
    s = s + 1
  end do
  !$omp end single
  !$omp end parallel
  print *, s
end program taskloop_reduction
