! Tests: `return` in the main program ends it (a GNU extension gfortran accepts).
program return_in_main
  implicit none
  integer :: k
  k = 3
  print *, 'before', k
  if (k > 0) return
  print *, 'not reached'
end program return_in_main
