! flags: -fopenmp
program omp_bad_map_type
  implicit none
  real(8) :: u(64), w(64)
  u = 1
  !$omp target enter data map(tofrom: u) map(alloc: w)
  !$omp target exit data map(to: u) map(delete: w)
  !$omp target update
  print *, u(1)
end program omp_bad_map_type
