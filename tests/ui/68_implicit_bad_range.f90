program p
  implicit real (z-a)
  x = 1.0
  print *, x
end program p
