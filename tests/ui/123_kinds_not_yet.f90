! real(10) declarations are not implemented yet, nor are kinds on logical literals
! (integer(16) literals beyond the range of integer(8) are: tests/programs/f90/878).
program kinds_not_yet
  implicit none
  real(10) :: q
  q = 1
  print *, q
end program

subroutine logical_literal_kinds
  logical(1) :: b
  b = .true._1 .and. .false._k
end subroutine
