program jump_into_construct
  implicit none
  integer :: n
  n = 0
  if (n == 0) go to 10
  if (n < 5) then
10  n = n + 1
  end if
  print *, n
end program jump_into_construct
