! flags: -fopenmp
! Task hints that a conforming program cannot observe: `untied`, `mergeable`, `priority`
! on `task`; `grainsize`, `num_tasks` and `nogroup` (then a `taskwait`) on `taskloop`.
program task_hints
  use omp_lib
  implicit none
  integer :: i, s, t(20)
  s = 0; t = 0
  !$omp parallel
  !$omp single
  do i = 1, 5
    !$omp task untied mergeable priority(2) firstprivate(i) shared(s)
    !$omp atomic
    s = s + i
    !$omp end task
  end do
  !$omp taskwait
  !$omp taskloop grainsize(3) shared(t)
  do i = 1, 20
    t(i) = i * 2
  end do
  !$omp taskloop num_tasks(4) nogroup shared(t)
  do i = 1, 20
    t(i) = t(i) + 1
  end do
  !$omp taskwait
  !$omp end single
  !$omp end parallel
  print *, s, sum(t), t(20)
end program
