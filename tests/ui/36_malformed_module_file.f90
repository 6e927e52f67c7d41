! Expected diagnostic: the module file of a used module (badmod.gmod beside this file) is malformed
program p
  use badmod
  implicit none
  print *, 1
end program p
