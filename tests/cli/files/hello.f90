program hello
  implicit none
  print '(a)', 'hello'
end program hello
