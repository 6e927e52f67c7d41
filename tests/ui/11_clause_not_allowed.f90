! Expected diagnostic: clause 'copy' is not allowed on the 'loop' directive
program ui11
  implicit none
  integer :: i
  real :: a(100)
  a = 0.0
  !$acc parallel
  !$acc loop copy(a)
  do i = 1, 100
    a(i) = 2.0
  end do
  !$acc end parallel
  print *, a(1)
end program ui11
