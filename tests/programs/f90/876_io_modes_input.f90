! Changeable input modes: blank=, pad=, decimal= on open and on read, the BN, BZ, DC, DP
! descriptors, and inquire returning every mode.
program io_modes_input
  implicit none
  integer :: i, j, ios
  real :: x, y
  complex :: z
  character(8) :: s
  character(20) :: b, d, r, sg, dl, p

  s = '1 2'
  read(s, '(bz,i3)') i
  read(s, '(bn,i3)') j
  print *, i, j
  read(s, '(i3)', blank='zero') i
  read(s, '(bz,i1,bn,i2)') i, j
  print *, i, j
  s = '3,5'
  read(s, *, decimal='comma') x
  print *, x
  s = '3,5;4'
  read(s, *, decimal='comma') x, i
  print *, x, i
  s = '2,25 1.5'
  read(s, '(dc,f4.2,dp,f4.1)') x, y
  print *, x, y
  s = '(1,5;-2)'
  read(s, *, decimal='comma') z
  print *, z

  open(10, file='data876.txt', status='replace')
  write(10, '(a)') '12'
  write(10, '(a)') '1 2 3'
  write(10, '(a)') '4,5;6'
  write(10, '(a)') '7,25   8'
  close(10)
  open(10, file='data876.txt', status='old', pad='no', blank='zero', decimal='comma')
  inquire(10, blank=b, decimal=d, round=r, sign=sg, delim=dl, pad=p)
  print '(6(a,"|"))', trim(b), trim(d), trim(r), trim(sg), trim(dl), trim(p)
  i = 0
  read(10, '(i5)', iostat=ios) i
  print *, 'pad=no:', ios
  read(10, '(i5)', iostat=ios) i
  print *, ios, i
  read(10, *) x, j
  print *, x, j
  read(10, '(f4.2,bn,i4)') x, i
  print *, x, i
  rewind(10)
  read(10, '(i5)', pad='yes', iostat=ios) i
  print *, ios, i
  read(10, '(i5)', blank='null', iostat=ios) i
  print *, ios, i
  read(10, *, decimal='point') x, j
  print *, x, j
  close(10, status='delete')

  open(11, file='data876.txt', status='replace', round='compatible', sign='processor_defined', delim='apostrophe')
  inquire(11, blank=b, decimal=d, round=r, sign=sg, delim=dl, pad=p)
  print '(6(a,"|"))', trim(b), trim(d), trim(r), trim(sg), trim(dl), trim(p)
  inquire(file='data876.txt', decimal=d, delim=dl)
  print '(2(a,"|"))', trim(d), trim(dl)
  close(11, status='delete')
  open(12, file='data876.txt', status='replace', form='unformatted')
  inquire(12, blank=b, decimal=d, round=r, sign=sg, delim=dl, pad=p)
  print '(6(a,"|"))', trim(b), trim(d), trim(r), trim(sg), trim(dl), trim(p)
  close(12, status='delete')
  inquire(13, blank=b, decimal=d, round=r, sign=sg, delim=dl, pad=p)
  print '(6(a,"|"))', trim(b), trim(d), trim(r), trim(sg), trim(dl), trim(p)
  inquire(6, blank=b, decimal=d, round=r, sign=sg, delim=dl, pad=p)
  print '(6(a,"|"))', trim(b), trim(d), trim(r), trim(sg), trim(dl), trim(p)
end program
