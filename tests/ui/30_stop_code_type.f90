! Expected diagnostic: a real stop code (it must be an integer or a character constant)
program p
  implicit none
  stop 2.5
end program p
