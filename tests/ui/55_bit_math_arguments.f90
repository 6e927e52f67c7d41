program bad_args
  implicit none
  real :: x
  real(8) :: y
  integer :: i, p
  x = 0.5
  y = 0.25d0
  i = 7
  print *, atan2(x, y)
  print *, btest(x, 1)
  print *, ibits(i, 1)
  print *, tan(i)
  print *, popcnt(y)
  p = 6
  print *, selected_real_kind(p)
  print *, selected_int_kind(i, p)
end program
