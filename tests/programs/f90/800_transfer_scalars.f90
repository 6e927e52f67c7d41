! transfer of integer, real and logical scalars (bit patterns reinterpreted, a smaller
! source zero-extended, keywords).
program tr
  implicit none
  integer :: i, k
  integer(8) :: j8
  real :: r
  real(8) :: d
  logical :: l
  integer(2) :: h
  r = 1.0
  i = transfer(r, i)
  print *, i
  print *, transfer(i, 0.0)
  d = -2.5d0
  j8 = transfer(d, 0_8)
  print *, j8, transfer(j8, 1.0d0)
  print *, transfer(source=1078530011, mold=1.0)
  l = transfer(1, .true.)
  print *, l, transfer(.true., 0)
  h = transfer(-1, h)
  print *, h
  do k = 1, 3
    print *, transfer(real(k), 1) - transfer(1.0, 1)
  end do
  print *, transfer(65_8 + 66_8 * 256_8, 0)
end program
