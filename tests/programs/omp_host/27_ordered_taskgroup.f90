! flags: -fopenmp
! ordered regions in loops with the ordered clause (dynamic, default static and static
! chunks) run in iteration order; taskgroup waits for the tasks created in it.
program ordered_taskgroup
  implicit none
  integer :: i, seq(60), pos, s
  pos = 0
  seq = 0
  !$omp parallel do ordered schedule(dynamic, 2)
  do i = 1, 20
    !$omp ordered
    pos = pos + 1
    seq(pos) = i
    !$omp end ordered
  end do
  !$omp parallel
  !$omp do ordered
  do i = 21, 40
    !$omp ordered
    pos = pos + 1
    seq(pos) = i
    !$omp end ordered
  end do
  !$omp end do
  !$omp do ordered schedule(static, 3)
  do i = 41, 60
    !$omp ordered
    pos = pos + 1
    seq(pos) = i
    !$omp end ordered
  end do
  !$omp end parallel
  print *, all(seq == [(i, i = 1, 60)]), pos
  s = 0
  !$omp parallel
  !$omp single
  !$omp taskgroup
  do i = 1, 10
    !$omp task firstprivate(i)
    !$omp atomic
    s = s + i
    !$omp end task
  end do
  !$omp end taskgroup
  ! every task of the group has finished here
  print *, s
  !$omp end single
  !$omp end parallel
end program ordered_taskgroup
