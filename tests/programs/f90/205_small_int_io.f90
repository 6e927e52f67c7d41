! Reading and writing integer(1) and integer(2) values, scalars and arrays.
program small_int_io
  implicit none
  integer(1) :: a, v(4)
  integer(2) :: s, t(3)
  integer :: i
  character(len=40) :: line

  read *, a, s
  print *, a, s
  read *, v
  print *, v, sum(v)
  read '(3i6)', t
  print *, t
  print '(3i6)', t(3:1:-1)
  write (line, '(i4, 1x, i6)') a, s
  print *, '[', trim(line), ']'
  print '(4(i4, :, ","))', v
  print '(es12.4, f8.1)', real(s), dble(a)
  do i = 1, 4
    v(i) = v(i) - int(i, 1)
  end do
  print '(4i4)', v
  print *, t(2) / t(1), mod(t(3), t(1)), t * 2_2
end program
