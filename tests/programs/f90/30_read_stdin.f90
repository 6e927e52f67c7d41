! Tests: list-directed and formatted read from standard input
program r
  implicit none
  integer :: i, n, k(5), m(2,3)
  integer(8) :: big
  real :: x, v(4)
  double precision :: d
  logical :: l
  character(len=8) :: s
  real :: a(10)
  ! The implied-do bound `n` is read by the same statement.
  read(*, *) i, x, d
  print *, i, x, d
  read(5, *) big, l, s
  print *, big, l, '[', s, ']'
  read *, n, (a(i), i = 1, n)
  print *, n, a(1:n)
  read(*, *) k
  print *, k
  read(*, *) v(2:3), k(1)
  print *, v(2:3), k(1)
  read(*, '(I3, F6.2)') i, x
  print '(I5, F8.3)', i, x
  read(*, fmt='(A)') s
  print *, '[', s, ']'
  read(*, *) m
  print *, m
  read(*, *) (m(1, i), i = 1, 3)
  print *, m
  n = 5
  read(n, *) (m(i, 3), i = 2, 1, -1), l
  print *, m, l
  read(unit=n, fmt=*) d, big
  print *, d, big
end program r
