! flags: -fopenacc
! shiftl, shiftr, shifta, maskl, maskr, merge_bits, dshiftl, dshiftr, bge/bgt/ble/blt,
! poppar, is_iostat_end/eor on integers of kinds 1, 2, 4, 8 and 16, scalars and arrays,
! in constant expressions and at run time.
module bitc
  implicit none
  integer, parameter :: c1 = shiftl(3, 4) + shiftr(-1, 28) + shifta(-64, 3)
  integer, parameter :: c2 = maskl(3) + maskr(5)
  integer(8), parameter :: c3 = dshiftl(1_8, -1_8, 5) + merge_bits(12_8, 5_8, 10_8)
  logical, parameter :: c4 = bge(-1, 1) .and. blt(1_1, -1_1)
  integer, parameter :: c5 = poppar(7) + poppar(-1_2)
  integer :: arr(shiftl(1, 2))
end module

program bits
  use bitc
  implicit none
  integer(1) :: b, bb(4)
  integer(2) :: h
  integer :: i, n, v(5), s(5)
  integer(8) :: l
  integer(16) :: q
  integer :: io(3), dv(64), dk
  integer(8) :: dl(64)
  logical :: dt(64)
  print *, c1, c2, c3, c4, c5, size(arr)
  b = -77; h = -12345; i = -123456789; l = -1234567890123_8; q = -17
  do n = 0, 8
    print '(i3, 6(1x, i4))', n, shiftl(b, n), shiftr(b, n), shifta(b, n), maskl(n, 1), maskr(n, 1), dshiftl(b, 105_1, n)
    print '(i3, 1x, i4)', n, dshiftr(b, 105_1, n)
  end do
  do n = 0, 16, 3
    print *, n, shiftl(h, n), shiftr(h, n), shifta(h, n), maskl(n, 2), maskr(n, 2), dshiftl(h, 3000_2, n), dshiftr(h, 3000_2, n)
  end do
  do n = 0, 32, 4
    print *, n, shiftl(i, n), shiftr(i, n), shifta(i, n), maskl(n), maskr(n), dshiftl(i, 987654321, n), dshiftr(i, 987654321, n)
  end do
  do n = 0, 64, 8
    print *, n, shiftl(l, n), shiftr(l, n), shifta(l, n), maskl(n, 8), maskr(n, 8)
    print *, dshiftl(l, 98765432109876_8, n), dshiftr(l, 98765432109876_8, n)
  end do
  do n = 0, 128, 16
    print *, n, shiftl(q, n), shiftr(q, n), shifta(q, n), maskl(n, 16), maskr(n, 16)
  end do
  print *, dshiftl(q, 5_16, 100), dshiftr(q, 5_16, 100), merge_bits(q, 85_16, 1023_16)
  print *, merge_bits(b, 15_1, 60_1), merge_bits(h, 255_2, -256_2), merge_bits(i, 0, 65535), merge_bits(l, 7_8, -8_8)
  print *, bge(b, 1_1), bgt(-1, 1), ble(-1_8, 0_8), blt(h, 5_2), bge(i, l), blt(b, 200), bgt(q, 1_16), ble(255_2, -1_1)
  print *, poppar(b), poppar(h), poppar(i), poppar(l), poppar(q), poppar(0), poppar(-1_1)
  v = [1, -1, 7, 100, -100]
  s = [0, 1, 5, 31, 32]
  print *, shiftl(v, s)
  print *, shiftr(v, s)
  print *, shifta(v, 3)
  print *, maskr(s), maskl(s(1:4))
  print *, bge(v, s), poppar(v)
  bb = [1_1, -1_1, 127_1, -127_1]
  print *, shifta(bb, 7), shiftr(bb, 1_1)
  io = [-1, -2, 0]
  print *, is_iostat_end(io), is_iostat_eor(io), is_iostat_end(-1_8), is_iostat_eor(-2_2)
  ! In device code.
  dk = 3
  !$acc parallel loop copyout(dv, dl, dt) copyin(dk)
  do n = 1, 64
    dv(n) = shiftl(n, dk) + shiftr(-n, 27) + shifta(-n, 2) + maskr(mod(n, 33)) + poppar(n) &
      + dshiftl(n, -n, mod(n, 32)) + merge_bits(n, -n, 85)
    dl(n) = maskl(n, 8) + dshiftr(int(n, 8), -1_8, n) + shiftr(int(-n, 8), n - 1)
    dt(n) = bge(n, -n) .neqv. blt(int(n, 1), int(-n, 1)) .or. is_iostat_end(n - 2)
  end do
  print *, dv
  print *, dl
  print *, dt
end program
