! Reading standard input with iostat= and end=: counting values until end of file,
! skipping lines that do not hold integers, and a statement that hits end of file.
program iostat_read
  implicit none
  integer :: ios, n, total, v, nbad, i
  integer :: a(3)
  real :: x
  character(len=80) :: msg

  ! first line: a count, then that many reals
  read(*, *, iostat=ios) n
  print *, 'count', n, ios
  do i = 1, n
    read(*, *, iostat=ios, iomsg=msg) x
    if (ios /= 0) then
      print *, 'bad real at', i, ios, trim(msg)
    else
      print '(A, I2, F10.4)', 'x', i, x
    end if
  end do

  ! then integers, some lines bad, until the marker 999
  total = 0
  nbad = 0
  do
    read(*, *, iostat=ios) v
    if (ios > 0) then
      nbad = nbad + 1
      cycle
    end if
    if (ios < 0) exit
    if (v == 999) exit
    total = total + v
  end do
  print *, 'total', total, 'bad', nbad

  ! a short record: the list goes on in the next line
  a = -1
  read(*, *, iostat=ios) a
  print *, 'a', a, ios

  ! read until end of file with end=
  n = 0
  total = 0
  do
    read(*, *, end=100) v
    n = n + 1
    total = total + v
  end do
100 continue
  print *, 'after eof', n, total

  ! at end of file: every further read reports -1 and keeps the values
  v = 42
  read(*, *, iostat=ios) v
  print *, 'eof again', ios, v, ios == -1
  read(*, '(I5)', iostat=ios, iomsg=msg) v
  print *, 'formatted eof', ios, v, trim(msg)
end program iostat_read
