! matmul of two vectors (dot_product is meant).
program p
  implicit none
  real :: x(3), y(3)
  x = 1.0
  y = 2.0
  print *, matmul(x, y)
end program p
