! Tests: open, write, close, reopen, read back, append, delete
program f
  implicit none
  integer :: i, u, n, vals(4)
  real(8) :: z(3)
  logical :: flags(2)
  real :: x
  character(len=20) :: fname, line
  fname = 'io_test_data.txt'
  u = 11
  open(unit=10, file='io_test_lit.txt', status='replace', action='write')
  write(10, *) 1, 2, 3, 4
  write(10, '(F8.3)') 2.5
  close(10)
  open(10, file='io_test_lit.txt', status='old', action='read')
  read(10, *) vals
  read(10, *) x
  close(10)
  print *, vals, x
  open(u, file=fname, status='replace')
  do i = 1, 3
    write(u, '(I4, A)') i * 10, ' line'
  end do
  close(u)
  open(u, file=fname, status='old', position='append', form='formatted')
  write(unit=u, fmt='(I4, A)') 99, ' appended'
  close(u)
  open(u, file=fname, status='old', action='read', position='rewind')
  do i = 1, 4
    read(u, '(I4, A)') n, line
    print '(I6, 1X, A)', n, trim(line)
  end do
  close(u, status='delete')
  close(10)
  open(10, file='io_test_lit.txt', status='old')
  close(10, status='delete')
  open(12, status='scratch')
  write(12, *) 3.25
  close(12)
  open(unit=13, file='io_test_new.txt', status='new', action='readwrite')
  write(13, '(A)') 'new file'
  close(13, status='delete')
  ! A file name built by an expression; whole real(8) and logical arrays.
  fname = 'zz'
  open(unit=20, file=trim(fname)//'.txt', status='replace')
  write(20, *) 1.5d0, 2.5d0, 3.5d0
  write(20, *) .true., .false.
  close(20)
  open(20, file='zz.txt', action='read')
  read(20, *) z
  read(20, *) flags
  close(20, status='delete')
  print *, z, flags
  print *, 'done'
end program f
