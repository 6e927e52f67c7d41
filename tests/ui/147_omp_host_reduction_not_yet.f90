! flags: -fopenmp
program host_reduction_not_yet
  implicit none
  integer :: i
  complex :: z
  z = (1.0, 0.0)
  !$omp parallel do reduction(*:z)
  do i = 1, 4
    z = z * (0.0, 1.0)
  end do
  print *, z
end program host_reduction_not_yet
