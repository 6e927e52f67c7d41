program format_not_character
  implicit none
  integer :: n, x
  real :: r
  n = 10
  x = 3
  write(*, n) x
  print r, x
end program format_not_character
