program p
  implicit none
  integer :: a(3), b
  data a /1, 2/, b /5/
  print *, a, b
end program p
