! flags: -fopenmp
! An array assignment in a target region whose right-hand side reads other elements of its
! target: evaluated into a temporary in the thread's stack frame.
program omp_overlap_assign
  implicit none
  integer :: a(100)
  a = 1
  !$omp target map(tofrom: a)
  a(2:100) = a(1:99) + 1
  !$omp end target
  print *, a(1), a(2), a(100), sum(a)
end program omp_overlap_assign
