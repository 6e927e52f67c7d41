! flags: -fopenacc
! mvbits on integers of every kind (scalars, arrays, sections; `to` of kind 1 and 2 with
! sign bits), in device code too; get_command.
program mv
  implicit none
  integer(1) :: b
  integer(2) :: h
  integer :: i, v(5), w(5), k, d(8)
  integer(8) :: l
  integer(16) :: q
  character(200) :: cmd
  character(3) :: short
  integer :: ln, st
  b = 0; h = 0; i = 0; l = -1; q = 0
  call mvbits(-1_1, 0, 3, b, 5)
  call mvbits(127_2, 4, 4, h, 12)
  call mvbits(-1, 0, 32, i, 0)
  print *, b, h, i
  call mvbits(0_8, 10, 20, l, 40)
  call mvbits(12345_16, 0, 16, q, 100)
  print *, l, q
  v = [1, 2, 3, 4, 5]
  w = 0
  call mvbits(v, 0, 2, w, [0, 4, 8, 12, 16])
  print *, w
  call mvbits(255, 4, 4, w(2:4), 28)
  print *, w
  call mvbits(b, 5, 3, b, 0)
  print *, b
  !$acc parallel loop copyout(d)
  do k = 1, 8
    d(k) = 0
    call mvbits(k * 3, 0, 3, d(k), k)
  end do
  print *, d
  call get_command(cmd, ln, st)
  print *, ln > 0, st, len_trim(cmd) == ln
  call get_command(short, ln, st)
  print *, st, short == cmd(1:3)
  call get_command(length=ln)
  print *, ln == len_trim(cmd)
end program
