! integer(1) and integer(2): storage, arithmetic with wrap-around, conversions, huge,
! list-directed and formatted output, arrays, dummy arguments and module variables.
module small_ints
  implicit none
  integer, parameter :: i1 = selected_int_kind(2)
  integer, parameter :: i2 = selected_int_kind(4)
  integer(i1) :: counter = 0_i1
  integer(i2), save :: table(4) = [10_i2, -20_i2, 300_i2, -32767_i2]
contains
  subroutine bump(x, by)
    integer(1), intent(inout) :: x
    integer(1), intent(in) :: by
    x = x + by
  end subroutine
  subroutine scale(a, n, f)
    integer, intent(in) :: n
    integer(2), intent(inout) :: a(n)
    integer(2), intent(in) :: f
    a = a * f
  end subroutine
end module

program small_integers
  use small_ints, only: i1, i2, counter, table, bump, scale
  implicit none
  integer(kind=1) :: a, b, bytes(6)
  integer(2) :: s, w(3)
  integer(i1) :: k
  integer :: i, n4
  integer(8) :: big

  a = 100
  b = a + a
  print *, a, b, -a, a - 28_1 * 8_1
  s = 30000
  print *, s, s + s, int(s, 1), int(a, 2) * 300_2
  print *, huge(a), huge(s), -huge(a) - 1_1, -huge(s) - 1_2, -127_1, kind(a), kind(s), kind(k)
  print *, i1, i2, selected_int_kind(3), bit_size(a), bit_size(s)
  bytes = [1_1, -1_1, 127_1, -127_1 - 1_1, 64_1, 0_1]
  print *, bytes
  print *, sum(bytes), maxval(bytes), minval(bytes), count(bytes > 0_1)
  bytes = bytes * 2_1
  print *, bytes
  do k = 1_1, 5_1
    bytes(k) = k * k
  end do
  print *, bytes(1:5), size(bytes)
  ! mixed kinds promote to the larger kind
  n4 = a * 1000
  big = s * 100000_8
  print *, n4, big, a + s, s * 1.5, a / 3_1, mod(a, 7_1), abs(-a)
  ! dummy arguments by reference
  k = 120
  call bump(k, 5_1)
  print *, k
  call bump(k, 10_1)
  print *, k
  counter = 126
  call bump(counter, 1_1)
  print *, counter
  call bump(counter, 1_1)
  print *, counter
  w = [1_2, -2_2, 3000_2]
  call scale(w, 3, 11_2)
  print *, w
  call scale(table, 4, 2_2)
  print *, table
  ! formatted output
  print '(i4, i6, b10.8, z4, o5)', a, s, a, -1_1, 8_1
  print '(3i7)', w
  print '(6i5)', bytes
  write (*, '(a, i0, a, i0)') 'a=', a, ' s=', s
  do i = 1, 3
    w(i) = int(i * 20000, 2)
  end do
  print *, w, int(w, 1)
  print *, ishft(a, 1), iand(a, 15_1), ior(a, 1_1), btest(a, 2), popcnt(a), leadz(a), trailz(s)
  print *, real(a), dble(s), nint(2.6, 1), int(-3.7, 2), max(a, 7_1), min(s, -5_2)
  print *, a == 100, s > 29999, a < b
  ! bit intrinsics on the narrow kinds' own bits
  print *, popcnt(-1_1), popcnt(-1_2), leadz(-1_1), leadz(1_2), trailz(0_1), trailz(0_2), leadz(0_1)
  print *, ishft(-2_1, -1), ishft(-2_2, -1), ishft(64_1, 1), ishftc(-127_1, 1), ishftc(3_2, -1)
  print *, ibset(0_1, 7), ibclr(-1_1, 7), ibits(-1_1, 4, 4), btest(-1_1, 7), not(5_1), ieor(a, -1_1)
end program
