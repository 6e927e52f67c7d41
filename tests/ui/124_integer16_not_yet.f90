! integer(16) works in host code (its intrinsics too); inside compute constructs it is not
! implemented yet.
program integer16_not_yet
  implicit none
  integer(16) :: s, a(4)
  integer :: i
  a = 1
  s = 0
  !$acc parallel loop reduction(+:s)
  do i = 1, 4
    s = s + a(i)
  end do
  print *, s
end program
