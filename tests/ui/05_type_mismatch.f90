! Expected diagnostic: type mismatch, cannot assign real value to logical variable
program ui05
  implicit none
  logical :: l
  l = 1.5
  print *, l
end program ui05
