! transfer with array sources, array molds and the size argument: integers, reals and
! logicals of every kind, results shorter and longer than the source, sections.
program tr
  implicit none
  integer :: i4(4), k, z
  integer(1) :: b(8)
  integer(2) :: h(3)
  integer(8) :: l
  integer(16) :: q
  real :: r(2)
  real(8) :: d
  real(16) :: x
  logical :: t(2)
  integer, allocatable :: ia(:)
  z = command_argument_count()
  i4 = [1, -2, 65536, 305419896] + z
  print *, transfer(i4, 1_1, 16)
  print *, transfer(i4, [1_2])
  print *, transfer(i4(2:3), 0_8), transfer(i4, 0_8, 2)
  b = [(int(k * 16 + z, 1), k = 1, 8)]
  print *, transfer(b, [0]), transfer(b, 0), transfer(b(3:6), 0)
  h = transfer(b, h, 3)
  print *, h
  d = 1.5d0 + z
  print *, transfer(d, [0]), transfer(d, 0_1, 8)
  r = transfer(d, r)
  print *, r
  print *, transfer([1.0, 2.0] + z, 0.0d0), transfer([1.0, 2.0, 3.0] + z, [0.0d0])
  l = transfer([7, 8] + z, l)
  print *, l
  q = transfer([1_8, -1_8] + z, q)
  print *, q, transfer(q, [0_8])
  x = 2.5_16 + z
  print *, transfer(x, [0_8]), transfer(transfer(x, [0]), x)
  t = transfer([1, 0] + z, t)
  print *, t, transfer(t, [0])
  ia = transfer(1.0d0 + z, [0])
  print *, size(ia), ia
  print *, size(transfer(i4, [0_1], 0)), size(transfer(1, [0_8]))
end program
