program p
  real(16) :: q(4)
  integer :: i
  q = 2
  !$acc parallel loop copy(q)
  do i = 1, 4
    q(i) = erfc_scaled(q(i))
  end do
  print *, q
end program
