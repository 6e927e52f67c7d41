! flags: -fopenmp
! The `present` map-type modifier works on `target` and `target data`; on `target enter
! data` it is not implemented yet, nor is `flush` inside a target region.
program present_modifier_not_yet
  implicit none
  integer :: a(8)
  a = 1
  !$omp target enter data map(present, to: a)
  !$omp target map(present, tofrom: a)
  a(1) = 2
  !$omp flush
  !$omp end target
  !$omp target exit data map(present, from: a)
end program present_modifier_not_yet
