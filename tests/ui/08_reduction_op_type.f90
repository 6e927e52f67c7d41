! Expected diagnostic: reduction operator 'iand' is not valid for a real variable
program ui08
  implicit none
  integer :: i
  real :: x
  real :: a(100)
  a = 1.0
  x = 0.0
  !$acc parallel loop reduction(iand:x)
  do i = 1, 100
    x = x + a(i)
  end do
  print *, x
end program ui08
