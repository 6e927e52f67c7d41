! transfer of complex(4|8|16) values into other types and of reals into complex scalars
! and arrays.
program tz
  implicit none
  complex :: c, cv(2)
  complex(8) :: d
  complex(16) :: q
  real :: r(4)
  integer :: z
  z = command_argument_count()
  c = cmplx(1.5 + z, -2.0)
  print *, transfer(c, 0_8), transfer(c, [0.0]), transfer(c, 0.0d0)
  r = [1.0, 2.0, 3.0, 4.0] + z
  cv = transfer(r, cv)
  print *, cv, transfer(r, (0.0, 0.0)), transfer(r, [(0.0d0, 0.0d0)])
  d = transfer([1.0d0, -1.0d0] + z, d)
  q = transfer([d, d * 2], q)
  print *, d, q, transfer(q, [0.0_16])
  print *, transfer(cv, [0_1], 6)
end program
