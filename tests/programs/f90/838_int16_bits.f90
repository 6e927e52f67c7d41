! popcnt, leadz, trailz, btest, ibset, ibclr, ibits, ishft and ishftc of integer(16) values
! (scalars and arrays; shifts by 0, negative counts, counts of bit_size and more).
program int16_bits
  implicit none
  integer(16) :: q, v(4)
  integer :: k, z
  z = command_argument_count()
  q = -1234567890123456789_16 * 10 + z
  v = [0_16, 1_16, -1_16, 2_16**100 + 7]
  print *, popcnt(q), leadz(q), trailz(q), popcnt(v), leadz(v), trailz(v)
  do k = 0, 119, 17
    print *, k, btest(q, k), ibset(q, k), ibclr(q, k), ibits(q, k, 9)
  end do
  do k = -128, 128, 32
    print *, k, ishft(q, k + z), ishft(v(4), k)
  end do
  print *, ibits(q, 0, 128), ibits(v, 3, 64), ishft(v, -1), btest(v, 100)
  call rot(z)
end program
subroutine rot(z)
  integer :: z, k
  integer(16) :: q
  q = 1234567890123456789_16 * 1000 + z
  do k = -128, 128, 32
    print *, k, ishftc(q, k + z), ishftc(q, k / 2, 70), ishftc(-q, k / 3, 128)
  end do
  print *, ishftc(q, 1, 5), ishftc([q, -q], [3, -3])
end subroutine
