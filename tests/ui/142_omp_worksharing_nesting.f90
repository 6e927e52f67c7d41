! flags: -fopenmp
program worksharing_nesting
  implicit none
  integer :: i, j, a(4, 4)
  !$omp parallel
  !$omp do
  do j = 1, 4
    !$omp do
    do i = 1, 4
      a(i, j) = i + j
    end do
  end do
  !$omp master
  !$omp single
  a(1, 1) = 0
  !$omp end single
  !$omp end master
  !$omp do
  do j = 1, 4
    !$omp master
    a(1, j) = 0
    !$omp end master
  end do
  !$omp end parallel
  print *, a
end program worksharing_nesting
