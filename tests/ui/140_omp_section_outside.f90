! flags: -fopenmp
program section_outside
  implicit none
  integer :: a
  a = 0
  !$omp parallel
  !$omp section
  a = 1
  !$omp end parallel
  print *, a
end program section_outside
