! kind(), selected_real_kind, selected_int_kind, kind= in declarations and kind
! suffixes on literals with named kind constants.
module precision
  implicit none
  integer, parameter :: sp = selected_real_kind(6, 37)
  integer, parameter :: dp = selected_real_kind(p=15, r=307)
  integer, parameter :: ik = selected_int_kind(9)
  integer, parameter :: lk = selected_int_kind(18)
end module

program kinds
  use precision
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  real(kind=dp) :: x
  real(sp) :: y
  real(kind=wp) :: z(3)
  integer(kind=lk) :: big
  integer(ik) :: small
  logical :: l

  x = 1.0_dp / 3.0_dp
  y = 1.0_sp / 3.0_sp
  z = [0.5_wp, 1.25_wp, -2.0_wp]
  big = 9000000000_lk * 1000_lk
  small = 2147483647_ik
  print *, x, y
  print *, z
  print *, big, small
  print *, sp, dp, ik, lk, wp
  print *, kind(x), kind(y), kind(z), kind(big), kind(small), kind(l), kind('a')
  print *, kind(1), kind(1.0), kind(1.0d0), kind(1_8), kind(.true.), kind(x + y)
  print *, selected_real_kind(6), selected_real_kind(7), selected_real_kind(15), selected_real_kind(16)
  print *, selected_real_kind(r=37), selected_real_kind(r=38), selected_real_kind(r=400), selected_real_kind(34)
  print *, selected_real_kind(40, 5000), selected_real_kind(40), selected_real_kind(r=6000)
  print *, selected_int_kind(1), selected_int_kind(3), selected_int_kind(9), selected_int_kind(10)
  print *, selected_int_kind(18), selected_int_kind(30), selected_int_kind(40)
  print *, real(x, kind=sp), real(y, kind(x)), int(big / 1000_lk, kind=ik)
  if (kind(x) == dp .and. kind(y) == sp) print *, 'kinds match'
  print '(f20.16)', 2.0_dp ** 0.5_dp
end program
