! endfile truncates a file at the current record, flush writes buffered output, and
! backspace after reading to the end steps back over the end of file, then a record.
program endfile_flush
  implicit none
  integer :: u, i, v, n, ios

  open(newunit=u, file='data173.txt', status='replace')
  do i = 1, 8
    write(u, '(I4)') i * 11
  end do
  flush(u)
  rewind(u)
  ! keep four records, cut the rest
  do i = 1, 4
    read(u, '(I4)') v
  end do
  endfile(u)
  rewind(u)
  n = 0
  do
    read(u, *, iostat=ios) v
    if (ios /= 0) exit
    n = n + 1
  end do
  print *, 'records after endfile', n, 'last', v

  ! append after the end, then read the new record back
  backspace(u)
  backspace(u)
  read(u, '(I4)') v
  print *, 'after two backspaces', v
  write(u, '(I4)') 999
  rewind u
  n = 0
  do
    read(u, *, end=10) v
    n = n + 1
  end do
10 print *, 'records now', n, 'last', v
  close(u, status='delete')

  write(*, '(A)') 'flushed line'
  flush(6)
  flush 6
  print *, 'end'
end program endfile_flush
