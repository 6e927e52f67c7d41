! Expected diagnostic: EXIT statement outside of a DO loop
program ui15
  implicit none
  integer :: n
  n = 5
  if (n > 3) then
    exit
  end if
  print *, n
end program ui15
