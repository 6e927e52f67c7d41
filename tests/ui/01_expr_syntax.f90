! Expected diagnostic: syntax error in expression (missing operand after '+')
program ui01
  implicit none
  integer :: x
  x = (1 + )
  print *, x
end program ui01
