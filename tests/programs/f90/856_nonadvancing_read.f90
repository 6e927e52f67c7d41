! Non-advancing formatted `read`: the rest of the record stays for the unit's next read,
! a record read a character at a time ends with the end-of-record condition (iostat -2),
! and an advancing read after non-advancing ones finishes the record.
program nonadvancing_read
  implicit none
  integer :: a, b, c, ios
  character(len=10) :: s
  character(len=1) :: ch
  write(*, '(a)', advance='no') 'x='
  write(*, '(i0)') 5
  read(*, '(i3)', advance='no') a
  read(*, '(i3)') b
  read(*, '(a)') s
  ! a record read one character at a time until its end
  c = 0
  do
    read(*, '(a1)', advance='no', iostat=ios) ch
    if (ios /= 0) exit
    c = c + 1
  end do
  print *, a, b, trim(s), c, ios
  read(*, '(i2)', advance='no') a
  read(*, '(i2)', advance='no') b
  read(*, *) c
  print *, a, b, c
end program
