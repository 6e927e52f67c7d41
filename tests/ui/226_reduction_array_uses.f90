! Expected diagnostics: array reductions are atomic updates of the shared array, so other
! references to the array inside the loop (a whole-array assignment, a read, an assignment
! that is not an update of the element) are not supported yet.
program p
  implicit none
  integer :: hist(8), x(100), i, k, y
  x = 1
  y = 0
  !$acc parallel loop reduction(+:hist) copyin(x)
  do i = 1, 100
    k = mod(x(i), 8) + 1
    hist = hist + 1
    y = y + hist(k)
    hist(k) = i
  end do
end program p
