program p
  implicit none
  integer :: n
  character(len=n) :: s
  n = 3
  s = 'abc'
  print *, s
end program p
