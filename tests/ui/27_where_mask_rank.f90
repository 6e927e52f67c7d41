! Expected diagnostic: a where mask whose rank does not match the assigned array
program p
  implicit none
  real :: a(4, 4), m(4)
  a = 1.0
  m = 2.0
  where (m > 1.0) a = 0.0
end program p
