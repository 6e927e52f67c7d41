! gang(dim:) and num_gangs with several dimensions: what is not yet implemented.
program gang_dim_not_yet
  implicit none
  integer :: a(10, 10), i, s
  s = 0
  !$acc parallel loop gang(dim:2) copy(a)
  do i = 1, 10
    a(1, i) = i
  end do
  !$acc parallel loop num_gangs(2, 2) gang(static:2) copy(a)
  do i = 1, 10
    a(1, i) = i
  end do
  !$acc parallel loop num_gangs(2, 2) gang(dim:2) reduction(+:s)
  do i = 1, 10
    s = s + i
  end do
  print *, s
end program gang_dim_not_yet
