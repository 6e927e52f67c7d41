! Expected diagnostic: unknown OpenACC clause 'copyinn' on parallel loop
program ui02
  implicit none
  integer :: i
  real :: a(100)
  a = 1.0
  !$acc parallel loop copyinn(a)
  do i = 1, 100
    a(i) = a(i) + 1.0
  end do
  print *, a(1)
end program ui02
