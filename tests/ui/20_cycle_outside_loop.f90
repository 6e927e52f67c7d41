! Expected diagnostic: CYCLE statement outside of a DO loop
program ui20
  implicit none
  integer :: n
  n = 1
  cycle
  print *, n
end program ui20
