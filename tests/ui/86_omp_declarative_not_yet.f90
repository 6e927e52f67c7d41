! flags: -fopenmp
! OpenMP's declarative directives in a module's specification part: a located
! "not yet implemented", not an error about executable statements in a module.
module counters
  implicit none
  integer :: errors = 0
  integer :: scratch(4)
!$omp declare simd(errors)
!$omp threadprivate(scratch)
end module counters

program use_counters
  use counters
  implicit none
  print *, errors
end program use_counters
