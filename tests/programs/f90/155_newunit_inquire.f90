! newunit=, inquire (exist=, opened=, number=) by file and by unit, rewind and backspace
! on a file that is written, re-read and partly re-read.
program newunit_inquire
  implicit none
  integer :: u, u2, ios, i, v, n, total
  logical :: ex, op
  character(len=20) :: name

  name = 'f155.dat'
  inquire(file=name, exist=ex)
  print *, 'exists before', ex

  open(newunit=u, file=name, status='replace', action='readwrite')
  print *, 'newunit is negative', u < 0
  inquire(file=name, exist=ex, opened=op, number=n)
  print *, 'after open', ex, op, n == u
  inquire(unit=u, opened=op)
  print *, 'unit opened', op

  do i = 1, 6
    write(u, '(I3)') i * 7
  end do

  ! read everything from the start
  rewind(u)
  total = 0
  do
    read(u, *, iostat=ios) v
    if (ios /= 0) exit
    total = total + v
  end do
  print *, 'total', total, 'ios', ios

  ! back to the start again, read two, step back one, read it again
  rewind u
  read(u, *) v
  read(u, *) v
  backspace(u)
  read(u, *) n
  print *, 'reread', v, n
  backspace u
  backspace u
  read(u, *) n
  print *, 'two back', n

  ! a second new unit differs from the first
  open(newunit=u2, file='g155.dat', status='replace')
  print *, 'distinct units', u2 /= u
  write(u2, *) 'hello'
  close(u2, status='delete')
  inquire(file='g155.dat', exist=ex)
  print *, 'deleted file exists', ex

  close(u)
  inquire(unit=u, opened=op)
  inquire(file=name, opened=op, number=n)
  print *, 'after close', op, n
  inquire(file='no_such_file_155', exist=ex)
  print *, 'missing exists', ex
  inquire(unit=6, opened=op)
  print *, 'stdout opened', op

  ! overwrite after rewind truncates the file
  open(newunit=u, file=name, status='old')
  rewind(u)
  write(u, '(I3)') 99
  rewind(u)
  n = 0
  do
    read(u, *, end=10) v
    n = n + 1
  end do
10 print *, 'records after overwrite', n, v
  close(u, status='delete')
end program newunit_inquire
