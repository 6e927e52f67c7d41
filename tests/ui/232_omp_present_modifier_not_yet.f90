! flags: -fopenmp
! The `present` map-type modifier works on `target`, `target data` and `target enter/exit
! data` (no diagnostic there); `flush` inside a target region is not implemented yet.
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
