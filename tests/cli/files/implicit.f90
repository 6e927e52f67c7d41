program implicit_typing
  x = 1.5
  print *, x
end program implicit_typing
