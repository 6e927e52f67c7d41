program p
  integer :: a, b
  a = 1
  b = 2
  print *, iand(a, i=b)
  print *, ishftc(i=a, size=4)
  print *, max(a1=a, a3=b)
  print *, ior(i=a, k=b)
end program
