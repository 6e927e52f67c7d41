! A tile size that is not a constant (`tile` takes positive integer constants or `*`): E0303.
program p
  implicit none
  integer :: a(10, 10), i, j, n
  n = 4
  !$acc parallel loop tile(n, 2) copyout(a)
  do j = 1, 10
    do i = 1, 10
      a(i, j) = i + j
    end do
  end do
  print *, a(1, 1)
end program p
