! flags: -fopenmp
! Inside `target`, `single`, `task` and `taskloop` run inline on the thread that meets
! them: data-sharing clauses that would need private copies are "not yet implemented".
program device_inline_clauses
  implicit none
  integer :: i, s, t
  s = 0
  t = 1
  !$omp target map(tofrom: s)
  !$omp parallel
  !$omp single private(t)
  t = 2
  s = s + t
  !$omp end single
  !$omp task firstprivate(t)
  s = s + t
  !$omp end task
  !$omp taskloop reduction(+: s)
  do i = 1, 10
    s = s + i
  end do
  !$omp end parallel
  !$omp end target
  print *, s
end program device_inline_clauses
