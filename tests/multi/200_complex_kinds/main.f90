program main
  use kinds_mod
  implicit none
  complex(8) :: z
  integer :: i
  print *, ci, half, state
  z = (1.0d0, 0.0d0)
  do i = 1, 3
    z = step(z)
    print *, i, z
  end do
  do i = 1, 3
    call tally(codes(i))
  end do
  print *, codes, total, kind(codes), kind(total)
  print *, ci * ci, abs(half)
end program
