! Internal files that are character arrays: one record per element, for formatted and
! list-directed writes and reads; elements after the last record keep their value.
program internal_char_arrays
  implicit none
  character(len=24) :: lines(4), grid(2, 2)
  integer :: a, b, c, k(6), st
  real :: x
  lines = repeat('x', 24)
  write(lines, '(i3 / i4, a)') 1, 2, '!'
  print '(a)', lines
  write(lines, *) 7, 8
  print '(a)', lines(1)
  write(lines, '(3(i2, 1x))') (a, a = 1, 9)
  print '(a)', lines
  lines(1) = ' 5 6'
  lines(2) = ' 7 2.5'
  lines(3) = '9'
  read(lines, *) a, b, c
  print *, a, b, c
  read(lines, '(i2 / i2, f4.1)') a, b, x
  print *, a, b, x
  read(lines, *) k(1:2), a, x, k(3)
  print *, k(1:3), a, x
  read(lines, '(a)') grid(1, 1)
  print *, trim(grid(1, 1))
  grid = ''
  write(grid, '(a, i0)') ('g', a, a = 1, 4)
  print '(4a6)', grid
  read(lines, *, iostat=st) k
  print *, 'iostat', st
  write(lines, '(a)', iostat=st) repeat('y', 30)
  print *, 'long record', st
end program
