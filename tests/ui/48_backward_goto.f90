program backward_goto
  implicit none
  integer :: n
  n = 0
10 n = n + 1
  if (n < 5) go to 10
  print *, n
end program backward_goto
