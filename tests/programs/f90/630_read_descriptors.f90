! Formatted read with every descriptor formatted write supports: I, F, E, ES, EN, D, G,
! A, L, X, T, TL, TR, /, repeat counts and groups, BN/BZ, implied decimal points.
program read_descriptors
  implicit none
  integer :: i, j, k
  real :: x, y
  double precision :: d
  character(len=6) :: c
  logical :: l1, l2
  character(len=80) :: line
  real :: v(4)
  line = '  12  345 6.25 1.5e2'
  read(line, '(i4, i5, f5.2, e6.1)') i, j, x, y
  print *, i, j, x, y
  line = '1.25D+01 3.5 T .false.'
  read(line, '(d8.2, 1x, g3.1, 1x, l1, 1x, l7)') d, x, l1, l2
  print *, d, x, l1, l2
  line = 'abcdefghij'
  read(line, '(a3, x, a4)') c, c(5:6)
  print *, '[', c, ']'
  line = '1 2 3   '
  read(line, '(bz, i4)') i
  print *, i
  read(line, '(bn, i4)') i
  print *, i
  line = '123456789'
  read(line, '(t5, i2, tl4, i2, tr2, i1)') i, j, k
  print *, i, j, k
  line = '12.5e1 3.25e0'
  read(line, '(es6.1, 1x, en6.2)') x, y
  print *, x, y
  line = '  1  2  3  4'
  read(line, '(4i3)') i, j, k, i
  print *, i, j, k
  read(line, '(2(i3), /, i3)', iostat=k) i, j, i
  print *, 'k=', k
  read(line, '(f6.0)') x
  print *, x
  line='  .5   '; read(line, '(f7.3)') x
  print *, x
  line='  125'; read(line, '(f5.2)') x
  print *, x
  line = '   -42  +7.5  TRUE'
  read(line, '(2x, i4, f6.1, tr2, l4)') i, x, l1
  print *, i, x, l1
  line = ' 1.0 2.0 3.0 4.0'
  read(line, '(2(f4.1), 2f4.1)') v
  print *, v
  line = '0.125E+03  -2.5'
  read(line, '(g9.3, g6.1)') x, y
  print *, x, y
end program
