! Expected diagnostic: missing 'end do' (do loop not terminated before end program)
program ui09
  implicit none
  integer :: i, s
  s = 0
  do i = 1, 10
    s = s + i
  print *, s
end program ui09
