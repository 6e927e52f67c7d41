! Errors of write statements: an internal write longer than its variable (end of record,
! iostat -2), a second record into a scalar internal file (end of file, -1), writing to a
! file opened for reading (err= branch), and iostat= on a successful write (0).
program write_err
  implicit none
  integer :: ios, i
  character(len=6) :: short
  character(len=80) :: msg

  short = 'xxxxxx'
  write(short, '(I4)', iostat=ios) 1234
  print *, 'fits: [', short, ']', ios
  write(short, '(I8)', iostat=ios, iomsg=msg) 12345678
  print *, 'too long:', ios, trim(msg)
  write(short, '(I2/I2)', iostat=ios, iomsg=msg) 1, 2
  print *, 'two records:', ios, trim(msg)
  write(short, '(A)', iostat=ios) 'abcdef'
  print *, 'exact: [', short, ']', ios

  open(40, file='data169.txt', status='replace')
  write(40, '(A)') 'line'
  close(40)
  open(40, file='data169.txt', status='old', action='read')
  do i = 1, 2
    write(40, *, err=50) i
    print *, 'not reached'
50  print *, 'write error branch', i
  end do
  close(40, status='delete')

  write(*, '(A, I3)', iostat=ios) 'ok', 7
  print *, 'stdout write iostat', ios
end program write_err
