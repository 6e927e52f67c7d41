! real(10) declarations and integer(16) literals beyond the range
! of integer(8) are not implemented yet, nor are kinds on logical literals.
program kinds_not_yet
  implicit none
  real(10) :: q
  integer(16) :: s
  s = 123456789012345678901234567890_16
  print *, s
end program

subroutine logical_literal_kinds
  logical(1) :: b
  b = .true._1 .and. .false._k
end subroutine
