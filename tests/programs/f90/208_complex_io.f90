! Reading complex values: list-directed `(re, im)` (blanks, several per line, records),
! formatted as two reals; and writing them back.
program complex_io
  implicit none
  complex :: z, v(3)
  complex(8) :: d
  integer :: n

  read *, z
  print *, z
  read *, n, d
  print *, n, d
  read *, v
  print *, v
  read '(2f6.2)', z
  print *, z
  read '(4f5.1, 2f8.3)', v
  print '(3(2f8.3, 2x))', v
  print '(a, f6.2, a, f6.2, a)', '(', real(d), ' + ', aimag(d), 'i)'
end program
