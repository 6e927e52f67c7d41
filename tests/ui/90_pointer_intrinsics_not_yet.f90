! Intrinsics of features not implemented yet are not taken for external procedures.
program pointer_intrinsics_not_yet
  implicit none
  real :: x
  x = 1
  print *, associated(x)
  print *, null()
end program
