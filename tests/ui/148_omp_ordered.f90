! flags: -fopenmp
program ordered_errors
  implicit none
  integer :: i, s
  s = 0
  !$omp parallel do
  do i = 1, 10
    !$omp ordered
    s = s + i
    !$omp end ordered
  end do
  !$omp parallel do ordered(1)
  do i = 1, 10
    s = s + i
  end do
  print *, s
end program ordered_errors
