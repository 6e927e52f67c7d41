! Status specifiers on open, write, read and close of files: status='old'/'new'/
! 'replace'/'scratch', position='append', action='read' and the errors each can give.
program iostat_files
  implicit none
  integer :: ios, i, v, n, total
  character(len=100) :: msg

  ! old: the file does not exist yet
  open(10, file='data151.txt', status='old', iostat=ios, iomsg=msg)
  print *, 'open old missing', ios, trim(msg)

  ! new: creates it
  open(10, file='data151.txt', status='new', iostat=ios)
  print *, 'open new', ios
  do i = 1, 5
    write(10, '(I4)', iostat=ios) i * i
    if (ios /= 0) print *, 'write failed', i
  end do
  close(10, iostat=ios)
  print *, 'close', ios

  ! new again: the file exists now
  msg = 'unchanged'
  open(11, file='data151.txt', status='new', iostat=ios, iomsg=msg)
  print *, 'open new exists', ios, trim(msg)

  ! append two more records
  open(12, file='data151.txt', status='old', position='append', iostat=ios)
  write(12, '(I4)') 36
  write(12, '(I4)') 49
  close(12)

  ! read back until end of file, counting
  open(13, file='data151.txt', status='old', action='read', iostat=ios)
  print *, 'open read', ios
  n = 0
  total = 0
  do
    read(13, *, iostat=ios) v
    if (ios /= 0) exit
    n = n + 1
    total = total + v
  end do
  print *, 'records', n, 'sum', total, 'ios', ios
  ! a file opened for reading cannot be written
  write(13, *, iostat=ios, iomsg=msg) 1
  print *, 'write to read-only', ios, trim(msg)
  close(13)

  ! replace: truncates
  open(14, file='data151.txt', status='replace', iostat=ios)
  write(14, '(A)') 'first', 'second'
  close(14)
  open(14, file='data151.txt', status='old')
  msg = ''
  read(14, '(A)', iostat=ios) msg
  print *, 'after replace: ', trim(msg), ios
  read(14, '(A)', iostat=ios) msg
  print *, 'after replace: ', trim(msg), ios
  read(14, '(A)', iostat=ios) msg
  print *, 'third record', ios
  close(14, status='delete', iostat=ios)
  print *, 'deleted', ios

  ! scratch file: written, rewound and read back
  open(15, status='scratch', iostat=ios)
  print *, 'scratch', ios
  do i = 1, 3
    write(15, *) i, 10 * i
  end do
  rewind(15)
  total = 0
  do i = 1, 4
    read(15, *, iostat=ios) n, v
    if (ios == 0) total = total + n + v
  end do
  print *, 'scratch sum', total, ios
  close(15)

  ! closing a unit that is not connected is fine
  close(99, iostat=ios)
  print *, 'close unconnected', ios

  ! err= on open: a directory that does not exist
  open(16, file='no_such_dir_151/x.txt', status='new', err=70)
  print *, 'not reached'
70 print *, 'open error branch taken'
  open(16, file='no_such_dir_151/x.txt', iostat=ios, iomsg=msg)
  print *, 'iostat', ios, trim(msg)
end program iostat_files
