! Expected diagnostic: cannot assign to named constant (parameter) 'n'
program ui16
  implicit none
  integer, parameter :: n = 10
  n = 20
  print *, n
end program ui16
