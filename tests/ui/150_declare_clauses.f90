! `declare` takes data clauses only: `private` is not one of them.
module m
  implicit none
  real :: a(4)
  !$acc declare private(a)
end module m
program p
  use m
  implicit none
  a = 1
  print *, a
end program p
