! flags: -fopenmp
program barrier_nesting
  implicit none
  integer :: i, s
  s = 0
  !$omp parallel
  !$omp single
  s = 1
  !$omp barrier
  !$omp end single
  !$omp critical
  !$omp barrier
  !$omp end critical
  !$omp do
  do i = 1, 4
    !$omp barrier
  end do
  !$omp end parallel
  !$omp parallel master
  !$omp barrier
  !$omp end parallel master
  print *, s
end program barrier_nesting
