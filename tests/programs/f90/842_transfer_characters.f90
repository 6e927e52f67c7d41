! transfer of character scalars into integers, reals and logicals (scalars and arrays) and
! of numbers into a character scalar (the mold's length).
program tc
  implicit none
  character(8) :: s
  character(4) :: c4
  character(len=:), allocatable :: d
  integer :: i, z, ia(3)
  integer(1) :: b(5)
  real(8) :: x
  z = command_argument_count()
  s = 'ABCDEFGH'
  print *, transfer(s, 0), transfer(s, 0_8), transfer(s, [0_2])
  print *, transfer(s(2:4), 0_1, 3), transfer('xyz', [0_1])
  ia = transfer('0123456789ab', ia)
  print *, ia
  i = 1684234849 + z
  c4 = transfer(i, c4)
  print *, c4, transfer(i, 'ab'), len(transfer(i, 'abcdef'))
  x = 1.0d0 + z
  print *, transfer(transfer(x, s), x)
  b = [72_1, 105_1, 33_1, 32_1, 63_1]
  d = transfer(b, '12345')
  print *, '[', d, ']', transfer(b(1:2), '12')
  print *, transfer(transfer('Hello', [0_1]), 'Hello')
end program
