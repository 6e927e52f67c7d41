! The `reduce` locality of `do concurrent` is not implemented yet.
program reduce_locality_not_yet
  implicit none
  integer :: i, t
  t = 0
  do concurrent (i = 1:4) reduce(+:t)
    t = t + i
  end do
  print *, t
end program
