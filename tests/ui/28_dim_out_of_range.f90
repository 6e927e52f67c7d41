! Expected diagnostic: dim= larger than the rank of the array
program p
  implicit none
  integer :: a(3, 4)
  a = 1
  print *, sum(a, dim=3)
end program p
