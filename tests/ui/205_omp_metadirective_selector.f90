! flags: -fopenmp
! Context selectors with braces (`declare variant`) are read to the end of the directive:
! the directive is a located "not yet implemented" error, not a lexer error.
program metadirective_selector
  implicit none
  integer :: i, a(8)
  a = 0
  print *, f(a)
contains
  integer function f(x)
    integer :: x(:)
    !$omp declare variant(g) match(device={kind(nohost)})
    f = sum(x)
  end function f
  integer function g(x)
    integer :: x(:)
    g = size(x)
  end function g
end program metadirective_selector
