! `size=` on an advancing `read` (it counts the characters of a non-advancing one only).
program p
  implicit none
  integer :: x, n
  read(*, '(i3)', size=n) x
  print *, x, n
end program
