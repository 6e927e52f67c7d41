! Expected diagnostic: undeclared variable 'y' used in an assignment (implicit none)
program ui04
  implicit none
  integer :: x
  x = 3
  y = x + 1
  print *, x
end program ui04
