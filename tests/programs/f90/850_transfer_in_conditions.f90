! transfer of arrays in if, do, do while and select case expressions.
program tif
  implicit none
  integer :: i4(2), k, z
  real(8) :: d
  z = command_argument_count()
  i4 = [1, 2] + z
  d = 1.0d0 + z
  if (transfer(i4, 0_8) > 0) print *, 'pos'
  if (any(transfer(d, [0]) == 0)) print *, 'zero word'
  do k = 1, size(transfer(d, [0_2]))
    print *, k
  end do
  do while (transfer(i4(1:1), 0) < 2)
    i4(1) = i4(1) + 1
  end do
  print *, i4
  select case (transfer(i4, 0_1))
  case (2)
    print *, 'two'
  end select
end program
