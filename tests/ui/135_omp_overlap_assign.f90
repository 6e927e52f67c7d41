! flags: -fopenmp
! Expected diagnostic: an array assignment in a target region whose right-hand side reads
! other elements of its target needs a temporary, which device code cannot allocate yet.
program omp_overlap_assign
  implicit none
  integer :: a(100)
  a = 1
  !$omp target map(tofrom: a)
  a(2:100) = a(1:99) + 1
  !$omp end target
  print *, a(100)
end program omp_overlap_assign
