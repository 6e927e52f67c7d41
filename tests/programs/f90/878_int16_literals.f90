! integer(16) literal constants beyond the range of integer(8): in expressions, named
! constants, constant folding, and formatted and list-directed output.
module int16_vars
  integer(16) :: mv = -12345678901234567890123_16
  integer(16), save :: ma(2) = [98765432109876543210987_16, 5_16]
end module

program int16_literals
  use int16_vars
  implicit none
  integer, parameter :: ik = 16
  integer(16), parameter :: big = 170141183460469231731687303715884105727_16
  integer(16), parameter :: e30 = 1000000000000000000000000000000_ik
  integer(16), parameter :: folded = big - e30 * 3 + 1
  integer(16) :: q, r
  integer(16) :: a(3) = [12345678901234567890123_16, -98765432109876543210_16, 1_16]
  q = 123456789012345678901234567890_16
  r = -q / 7
  print *, big, -big - 1
  print *, e30, folded
  print *, q, r, mod(q, 1000000000000000000000_16)
  print *, a
  print *, mv, ma
  print '(i0, 1x, i45, 1x, z0, 1x, b0)', q, -big, big, e30
  print *, huge(q) == big, big > 9223372036854775807_8, q + 9223372036854775807_8
  print *, q / 2_16**64, ishft(big, -100), int(q, 8)
end program
