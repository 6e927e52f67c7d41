! Expected diagnostic: IF condition must be logical, found integer expression
program ui14
  implicit none
  integer :: n
  n = 5
  if (n + 1) then
    print *, n
  end if
end program ui14
