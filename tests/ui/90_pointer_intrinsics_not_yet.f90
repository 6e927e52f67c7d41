! Intrinsics of features not implemented yet are not taken for external procedures.
program pointer_intrinsics_not_yet
  implicit none
  real :: x
  integer, allocatable :: a(:), b(:)
  x = 1
  print *, associated(x)
  print *, null()
  call move_alloc(a, b)
end program
