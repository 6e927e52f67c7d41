! Deallocating an array that is not allocated, without stat=: runtime error, exit code 2.
program rterr_deallocate_unallocated
  implicit none
  real, allocatable :: grid(:, :)
  integer :: st
  allocate(grid(4, 4))
  grid = 2.0
  print *, 'sum', sum(grid)
  deallocate(grid)
  deallocate(grid, stat=st)
  print *, 'with stat', st
  deallocate(grid)
  print *, 'not reached'
end program rterr_deallocate_unallocated
