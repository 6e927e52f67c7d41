! Expected diagnostic: the module file of a used module (oldmod.gmod beside this file) was
! written by an older gpuf, whose module objects kept arrays behind pointers of their own
program p
  use oldmod
  implicit none
  print *, 1
end program p
