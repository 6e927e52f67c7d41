! flags: -fopenmp
! Expected diagnostics: `detach` is not implemented yet (the taskloop clauses
! `grainsize` and `num_tasks` before it are accepted: how iterations are cut into tasks
! cannot change a conforming program's results).
program tl
  implicit none
  integer :: i, s
  s = 0
  !$omp parallel master taskloop grainsize(4) shared(s)
  do i = 1, 10
    s = s + i
  end do
  !$omp end parallel master taskloop
  !$omp taskloop simd num_tasks(2)
  do i = 1, 10
    s = s + i
  end do
  !$omp task detach(ev)
  !$omp end task
  print *, s
end program
