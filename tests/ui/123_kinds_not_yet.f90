! real(16) declarations outside interface bodies and integer(16) literals beyond the range
! of integer(8) are not implemented yet.
program kinds_not_yet
  implicit none
  real(16) :: q
  integer(16) :: s
  s = 123456789012345678901234567890_16
  print *, s
end program
