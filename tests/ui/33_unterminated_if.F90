! Expected diagnostic: a preprocessor #ifdef without #endif
program p
  implicit none
#ifdef DEBUG
  print *, 'debug'
  print *, 1
end program p
