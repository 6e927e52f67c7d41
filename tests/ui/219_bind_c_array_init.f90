module m
  use iso_c_binding
  implicit none
  integer(c_int), bind(c) :: seeded(3) = [1, 2, 3]
end module
program p
  use m
  print *, seeded
end program
