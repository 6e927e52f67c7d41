! Expected diagnostic: a character value assigned to an integer
program p
  implicit none
  integer :: k
  character(len=4) :: s
  s = 'abcd'
  k = s
end program p
