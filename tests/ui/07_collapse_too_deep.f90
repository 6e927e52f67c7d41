! Expected diagnostic: collapse(3) requires 3 tightly nested loops but only 2 are present
program ui07
  implicit none
  integer :: i, j
  real :: a(10, 10)
  !$acc parallel loop collapse(3) copyout(a)
  do j = 1, 10
    do i = 1, 10
      a(i, j) = real(i + j)
    end do
  end do
  print *, a(1, 1)
end program ui07
