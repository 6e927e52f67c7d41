! Expected diagnostic: undeclared variable 'total' in reduction clause (implicit none)
program ui03
  implicit none
  integer :: i, s
  integer :: a(100)
  a = 1
  s = 0
  !$acc parallel loop reduction(+:total)
  do i = 1, 100
    s = s + a(i)
  end do
  print *, s
end program ui03
