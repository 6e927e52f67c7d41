! findloc (first and last match with back=, masks, dim=, rank 2, logical and real
! arrays, mixed kinds, no match) and norm2 (whole arrays, dim=, real(8), large and small
! magnitudes that would overflow or underflow a plain sum of squares).
program findloc_norm2
  implicit none
  integer :: a(8), m(3, 4), i, loc(1), loc2(2)
  real :: v(4), big(3), w(2, 3)
  real(8) :: d(5)
  logical :: flags(5)
  a = [4, 7, 1, 7, 9, 1, 7, 2]
  print *, findloc(a, 7), findloc(a, 7, back=.true.), findloc(a, 5)
  print *, findloc(a, 1, mask=a > 0 .and. [(i > 4, i = 1, 8)])
  print *, findloc(a, 7, dim=1), findloc(a, 7, 1, back=.true.)
  m = reshape([(mod(i * 5, 7), i = 1, 12)], [3, 4])
  print *, m
  loc2 = findloc(m, 3)
  print *, loc2, findloc(m, 6, back=.true.)
  print *, findloc(m, 1, dim=1)
  print *, findloc(m, 1, dim=2), findloc(m, 2, dim=2, back=.true.)
  flags = [.false., .true., .false., .true., .false.]
  print *, findloc(flags, .true.), findloc(flags, .false., back=.true.)
  v = [0.5, 1.5, 2.5, 1.5]
  loc = findloc(v, 1.5d0, back=.true.)
  print *, loc, findloc(v, 2)
  print *, findloc(a(2:8:2), 7)
  v = [3.0, 4.0, 0.0, 12.0]
  print *, norm2(v), norm2(v(1:2))
  big = [3.0e30, 4.0e30, 0.0]
  print *, norm2(big)
  big = [3.0e-30, 4.0e-30, 0.0]
  print *, norm2(big) * 1.0e30
  w = reshape([3.0, 4.0, 6.0, 8.0, 0.0, 5.0], [2, 3])
  print *, norm2(w), norm2(w, dim=1), norm2(w, 2)
  d = [1d0, 2d0, 2d0, 0d0, 4d0]
  print *, norm2(d)
end program
