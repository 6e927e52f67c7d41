! FORMAT statements referenced by label from print, write and read, and formats held in
! character variables, array-free expressions and named constants.
program format_labels
  implicit none
  integer :: i, n, k(4)
  real :: x, y
  double precision :: d
  character(len=32) :: fmt, line
  character(len=*), parameter :: pfmt = '(A, 3I4)'
100 format(I6, F10.3)
110 format('result: ', I0, ' and ', ES12.4)
120 format(4(I3, :, ','))
130 format(A, T12, A)
  integer :: w

  write(*, 100) 7, 2.5
  print 110, 123, 6.02e23
  write(*, 120) (i * i, i = 1, 4)
  write(6, 130) 'left', 'right'
  write(*, fmt=100) -12, -0.125
  write(unit=*, fmt=110) 0, -1.5e-3

  ! formats in variables
  fmt = '(2F8.2)'
  write(*, fmt) 1.25, -3.5
  print fmt, 10.0, 20.0
  fmt = '(I5)'
  do i = 1, 3
    write(*, fmt) i * 111
  end do
  write(*, pfmt) 'k', 1, 2, 3
  ! built at run time
  w = 7
  write(fmt, '(A, I0, A)') '(F', w + 3, '.4)'
  write(*, fmt) 3.14159265
  write(*, '(' // 'A,' // 'I3' // ')') 'cat', 42
  d = 1.0d0 / 3.0d0
  write(*, trim('(F12.8)   ')) d

  ! reading with a label and with a variable format
  line = '  12  3.50'
  read(line, 100) n, x
  print 100, n, x
  line = '1,2,3,4'
  fmt = '(4(I1, 1X))'
  read(line, fmt) k
  print *, k
  line = '  4.5e1   -2.0'
  read(line, '(2F7.2)') x, y
  write(*, 100) int(x), y
end program format_labels
