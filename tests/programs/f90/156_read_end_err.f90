! end= and err= branches of read, the way old codes parse data files: the program writes a
! file with a few malformed records, then reads it record by record.
program read_end_err
  implicit none
  integer :: i, n, nerr, ios, k
  real :: x, sumx
  character(len=60) :: msg

  open(20, file='data156.txt', status='replace')
  write(20, '(A)') '1.5'
  write(20, '(A)') '2.5'
  write(20, '(A)') 'bad'
  write(20, '(A)') '4.0'
  write(20, '(A)') '1.0e'
  write(20, '(A)') '-0.5'
  close(20)

  open(21, file='data156.txt', status='old')
  n = 0
  nerr = 0
  sumx = 0.0
  do i = 1, 100
    read(21, *, err=10, end=20) x
    n = n + 1
    sumx = sumx + x
    cycle
10  nerr = nerr + 1
  end do
20 continue
  print *, 'good', n, 'bad', nerr, 'sum', sumx
  close(21)

  ! err= without end=: end of file needs iostat= too
  open(21, file='data156.txt', status='old')
  k = 0
  do
    read(21, '(F10.3)', err=30, iostat=ios) x
    if (ios < 0) exit
    k = k + 1
    cycle
30  print *, 'conversion error in record', k + 1, ios
    k = k + 1
  end do
  print *, 'records', k, 'last iostat', ios
  close(21, status='delete')

  ! end= on an internal file
  msg = '3 4'
  read(msg, *, end=40) i, n, k
  print *, 'not reached'
40 print *, 'internal end', i, n

  ! iostat= and iomsg= with end=
  msg = ''
  read(msg, *, iostat=ios, end=50) i
  print *, 'not reached either'
50 print *, 'end branch taken, iostat', ios
end program read_end_err
