! Internal reads from character variables: list-directed and formatted, parsing numbers
! out of text, detecting bad input with iostat=, and converting command-like strings.
program internal_read
  implicit none
  integer :: i, j, n, ios, vals(5)
  real :: x, y
  double precision :: d
  logical :: flag
  character(len=40) :: line, word

  line = '42 3.5 T hello'
  read(line, *) n, x, flag, word
  print *, n, x, flag, trim(word)

  line = '  7, 8 ,9'
  read(line, *) i, j, n
  print *, i + j + n

  ! fewer values than items: end of file, the rest keep their values
  vals = 0
  line = '1 2 3'
  read(line, *, iostat=ios) vals
  print *, vals, ios

  ! a slash ends the list early
  vals = -1
  line = '5 6 / 7 8'
  read(line, *) vals
  print *, vals

  ! formatted fields
  line = '123456789'
  read(line, '(I3, I2, I4)') i, j, n
  print *, i, j, n
  read(line, '(3X, I3)') i
  print *, i
  line = ' 12.5  -0.25'
  read(line, '(F5.1, F7.2)') x, y
  print *, x, y
  line = '1234'
  read(line, '(F4.2)') x
  print *, x
  line = '2.5d0'
  read(line, *) d
  print *, d * 2

  ! validation of user input
  do i = 1, 4
    select case (i)
    case (1)
      word = '17'
    case (2)
      word = 'x9'
    case (3)
      word = '-3'
    case default
      word = '4.5'
    end select
    read(word, *, iostat=ios) n
    if (ios == 0) then
      print *, 'token', i, 'is the integer', n
    else
      print *, 'token', i, 'is not an integer, iostat > 0:', ios > 0
    end if
  end do

  ! an empty string is end of file
  line = ' '
  read(line, *, iostat=ios) n
  print *, 'blank line iostat', ios

  ! round trip through an internal write and read
  do i = 1, 3
    write(word, '(I0, A, F6.3)') i, ' ', 1.0 / i
    read(word, *) n, x
    print '(I3, F8.4)', n, x
  end do
end program internal_read
