! flags: -fopenmp
! Inside a target region character variables, elements and substrings can be assigned;
! concatenation is a located "not yet implemented" error.
program char_var_in_target
  implicit none
  character(len=8) :: s
  integer :: n
  s = 'host'
  !$omp target map(tofrom: s, n)
  s = s(1:2) // 'device'
  n = 1
  !$omp end target
  print *, s, n
end program char_var_in_target
