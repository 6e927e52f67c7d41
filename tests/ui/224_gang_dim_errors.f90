! gang(dim:) and num_gangs with several dimensions: bad arguments, a gang(dim:) with other
! arguments (not yet), a higher dimension inside a lower one.
program gang_dim_errors
  implicit none
  integer :: a(10, 10), i, j, k, s
  k = 2
  s = 0
  !$acc parallel loop num_gangs(2, 2) gang(dim:4) copy(a)
  do i = 1, 10
    a(1, i) = i
  end do
  !$acc parallel loop num_gangs(2, 2) gang(dim:k) copy(a)
  do i = 1, 10
    a(1, i) = i
  end do
  !$acc parallel loop num_gangs(2, 2, 2, 2) gang copy(a)
  do i = 1, 10
    a(1, i) = i
  end do
  !$acc parallel loop num_gangs(2, 2) gang(dim:2, static:1) copy(a)
  do i = 1, 10
    a(1, i) = i
  end do
  !$acc parallel loop num_gangs(2, 2) gang(dim:1) copy(a)
  do i = 1, 10
    !$acc loop gang(dim:2)
    do j = 1, 10
      a(j, i) = i
    end do
  end do
end program gang_dim_errors
