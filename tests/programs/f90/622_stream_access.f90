! Stream access: unformatted bytes with pos=, and formatted stream records.
program stream_access
  implicit none
  integer :: i, v(4), st, n
  integer(2) :: h
  real :: x
  character(len=3) :: s
  character(len=20) :: line
  open(30, file='stream.bin', access='stream', status='replace')
  write(30) 1, 2, 3
  write(30) 'xyz'
  write(30, pos=5) 20
  inquire(30, size=n)
  print *, 'size', n
  rewind(30)
  read(30) v(1:3), s
  print *, v(1:3), s
  read(30, pos=9) i
  print *, i
  read(30, pos=2) h
  print *, h
  read(30, pos=13) s
  print *, s
  read(30, iostat=st) i
  print *, 'eof', st
  close(30, status='delete')
  open(31, file='fstream.txt', access='stream', form='formatted', status='replace')
  write(31, '(a)') 'first line'
  write(31, '(i4, 1x, f6.2)') 42, 3.25
  rewind(31)
  read(31, '(a)') line
  print *, trim(line)
  read(31, *) i, x
  print *, i, x
  close(31, status='delete')
end program
