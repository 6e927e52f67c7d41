! Expected diagnostic: missing '!$acc end parallel' for the parallel construct opened here
program ui06
  implicit none
  integer :: i
  real :: a(100)
  a = 0.0
  !$acc parallel copy(a)
  !$acc loop
  do i = 1, 100
    a(i) = real(i)
  end do
  print *, a(100)
end program ui06
