! btest, ibset, ibclr, ibits, ishftc, popcnt, leadz, trailz, bit_size on integer(4)
! and integer(8), scalars and arrays.
program bit_intrinsics
  implicit none
  integer, parameter :: i8 = selected_int_kind(18)
  integer :: i, v(6), flags
  integer(i8) :: w
  logical :: b(6)

  v = [0, 1, 5, -1, 12345, huge(1)]
  do i = 1, size(v)
    print '(i12, 3i4, l3, l3, 2i12)', v(i), popcnt(v(i)), leadz(v(i)), trailz(v(i)), &
      btest(v(i), 0), btest(v(i), 31), ibset(v(i), 4), ibclr(v(i), 0)
  end do
  b = btest(v, 2)
  print *, b
  print *, ibits(12345, 0, 4), ibits(12345, 4, 8), ibits(-1, 28, 4), ibits(-1, 0, 32)
  print *, ishftc(1, 1), ishftc(1, -1), ishftc(-2, 1), ishftc(12345, 16)
  print *, ishftc(6, 1, 3), ishftc(6, -1, 3), ishftc(13, 2, 4), ishftc(255, 3, 8)
  print *, bit_size(i), bit_size(w), popcnt(v), trailz(v)
  ! a flag word
  flags = 0
  do i = 0, 30, 3
    flags = ibset(flags, i)
  end do
  print *, flags, popcnt(flags), leadz(flags)
  do i = 0, 30, 6
    flags = ibclr(flags, i)
  end do
  print *, flags, popcnt(flags), count([(btest(flags, i), i = 0, 31)])
  ! 64-bit
  w = 1_i8
  w = ibset(w, 40)
  print *, w, popcnt(w), leadz(w), trailz(ibclr(w, 0)), btest(w, 40), btest(w, 39)
  print *, ishftc(w, 24), ishftc(-2_i8, 63), ibits(w, 32, 16), ibits(-1_i8, 0, 64)
  print *, popcnt(-1_i8), leadz(0_i8), trailz(0_i8), leadz(huge(w))
end program
