! `advance=` on a list-directed `read` (non-advancing input needs a format).
program p
  implicit none
  integer :: x
  read(*, *, advance='no') x
  print *, x
end program
