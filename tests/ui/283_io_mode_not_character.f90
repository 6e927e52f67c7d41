! A changeable-mode specifier given by an expression must be a scalar character value.
program io_mode_not_character
  implicit none
  integer :: k
  real :: x
  k = 1
  x = 1.0
  write(*, *, decimal=k) x
  open(10, file='x.txt', round=[character(2) :: 'up'])
end program
