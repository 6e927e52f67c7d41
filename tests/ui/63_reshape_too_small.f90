! reshape to more elements than the source has, without pad.
program p
  implicit none
  integer :: a(6), b(2, 4)
  a = 1
  b = reshape(a, [2, 4])
  print *, b
end program p
