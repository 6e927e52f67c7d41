program p
  complex :: z(3)
  z = (1.0, 2.0)
  print *, z%re(2)
  print *, z%im
end program
