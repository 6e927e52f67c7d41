program p
  integer :: a(4), b
  integer :: x, y, z(2)
  common /c1/ x
  common /c2/ y
  equivalence (a(1), b), (a(2), b)
  equivalence (x, y)
  equivalence (z(2), x)
end program
