! flags: -fopenmp
program omp_lib_in_target
  use omp_lib
  implicit none
  integer :: n
  real(8) :: t
  !$omp target map(from: n, t)
  n = omp_get_num_devices()
  t = omp_get_wtime()
  !$omp end target
  print *, n, t
end program omp_lib_in_target
