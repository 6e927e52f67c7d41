! Expected diagnostic: an include file that cannot be found
program p
  implicit none
  include 'does_not_exist.inc'
  print *, 1
end program p
