! Expected diagnostic: use of a module that does not exist
program p
  use no_such_module
  implicit none
  print *, 1
end program p
