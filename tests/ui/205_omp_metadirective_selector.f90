! flags: -fopenmp
! Context selectors with braces (`metadirective`, `declare variant`) are read to the end of
! the directive: the directive is a located "not yet implemented" error, not a lexer error.
program metadirective_selector
  implicit none
  integer :: i, a(8)
  !$omp metadirective when(device={kind(nohost)}: nothing) default(parallel do)
  do i = 1, 8
    a(i) = i
  end do
  print *, a
end program metadirective_selector
