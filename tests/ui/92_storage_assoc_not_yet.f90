! `namelist` is not implemented yet (`common` and `equivalence` are, around it).
program storage_assoc_not_yet
  implicit none
  integer :: a, b
  real :: x(4), y
  common /blk/ a, b
  common y
  equivalence (a, x(1))
  namelist /nl/ a, b
  a = 1
  print *, a
end program
