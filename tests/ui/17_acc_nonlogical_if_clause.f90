! Expected diagnostic: if clause on parallel requires a logical (scalar) condition, found real
program ui17
  implicit none
  integer :: i
  real :: x
  real :: a(100)
  x = 2.5
  a = 0.0
  !$acc parallel loop if(x) copy(a)
  do i = 1, 100
    a(i) = 1.0
  end do
  print *, a(1)
end program ui17
