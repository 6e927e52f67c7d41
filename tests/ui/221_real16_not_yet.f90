! real(16) and complex(16) work in host code; inside compute constructs, and for complex(16)
! square roots, powers and function results, they are not implemented yet.
program real16_not_yet
  implicit none
  real(16) :: s, a(4)
  complex(16) :: z
  integer :: i
  a = 1
  s = 0
  !$acc parallel loop reduction(+:s)
  do i = 1, 4
    s = s + a(i)
  end do
  z = (2.0_16, 1.0_16)
  print *, s, z ** 2.5_16
  z = sqrt(z)
  print *, z
end program
