! Expected diagnostic: reduction operator '+' is not valid for a logical variable
program ui18
  implicit none
  integer :: i
  logical :: flag
  flag = .false.
  !$acc parallel loop reduction(+:flag)
  do i = 1, 100
    flag = flag .or. i > 50
  end do
  print *, flag
end program ui18
