program double
  double precision :: d
  d = 1.0d0
  print *, d
end program
