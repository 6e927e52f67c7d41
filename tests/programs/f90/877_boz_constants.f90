! BOZ literal constants with Fortran 2008's rules: data values of integers, arguments of
! int, real, dble, cmplx and of the bit intrinsics taking two integers.
program boz_constants
  implicit none
  integer :: i, j(3)
  integer(1) :: i1
  integer(2) :: i2
  integer(8) :: l
  integer(16) :: q
  integer, parameter :: p1 = int(z'7f')
  integer(8), parameter :: p2 = int(z'FFFFFFFFFF', 8)
  integer, parameter :: p3 = iand(z'ff0', 255) + ior(b'1', 2)
  real, parameter :: pr = real(z'40490fdb')
  data i /z'1f'/, j /b'101', o'17', Z"ff"/
  data l /z'7FFFFFFFFFFFFFFF'/
  data i1 /z'ff'/, i2 /o'177777'/, q /z'ffffffffffffffffffffffffffffffff'/

  print *, i, j, l, i1, i2, q
  print *, p1, p2, p3, pr
  print *, int(z'ff'), int(b'1111', kind=8), int(o'777'), int(z'ffffffff'), int(z'80000000')
  print *, int(z'1ffffffff'), int(z'1ffffffffffffffff', 8), int(b'11', 1), int(z'ffff', 2)
  print *, int(z'123456789abcdef0123', 16), int(z'7fffffffffffffffffffffffffffffff', 16)
  print *, real(z'40490fdb'), dble(z'400921fb54442d18'), real(z'3ff0000000000000', 8)
  print *, real(z'3fff0000000000000000000000000000', 16), real(z'c000c000000000000000000000000000', kind=16)
  print *, real(z'7f'), real(z'00000001', 8)
  print *, cmplx(z'3f800000', z'40000000'), cmplx(z'3ff0000000000000', z'0', 8), cmplx(z'bf800000')
  print *, iand(255, z'0f'), ior(z'f0', 15), ieor(7_8, z'ff'), ior(1_8, z'ffffffffffffffff')
  print *, iand(z'ff', 3_2), ieor(z'ff', int(1, 1))
  print *, bge(z'ff', 1), bgt(-1, z'7fffffff'), ble(b'1', 2), blt(z'0', 0), bge(1_8, z'ffffffffffffffff')
  print *, dshiftl(1, z'80000000', 1), dshiftr(z'1', 0, 1), merge_bits(z'ff', 0, z'0f'), merge_bits(5_8, 10_8, z'3')
  i = 12
  print *, iand(i, z'4'), ior(z'100', i), bge(i, z'c'), merge_bits(i, z'f0', 240)
end program
