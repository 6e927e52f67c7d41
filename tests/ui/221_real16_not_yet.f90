! real(16) and complex(16) work in host code (complex(16) square roots and powers too); in
! device code (compute constructs and routine procedures, also integer(16) there) they are
! not implemented yet.
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

subroutine on_device(x)
  !$acc routine seq
  real(8), intent(inout) :: x
  real(16) :: q
  integer(16) :: k
  q = x
  k = 2
  x = q * k
end subroutine
