! Expected diagnostic: wrong number of subscripts for rank-2 array 'a' (1 given)
program ui13
  implicit none
  integer :: a(10, 10)
  a = 0
  a(3) = 1
  print *, a(1, 1)
end program ui13
