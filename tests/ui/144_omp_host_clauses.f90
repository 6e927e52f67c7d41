! flags: -fopenmp
program host_clauses
  implicit none
  integer :: i, s
  s = 0
  !$omp parallel schedule(static)
  s = 1
  !$omp end parallel
  !$omp single filter(1)
  s = 2
  !$omp end single
  !$omp critical nowait
  s = 3
  !$omp end critical
  !$omp sections collapse(2)
  s = 4
  !$omp end sections
  !$omp parallel do num_threads(.true.)
  do i = 1, 4
    s = s + i
  end do
  print *, s
end program host_clauses
