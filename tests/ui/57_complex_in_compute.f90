program complex_in_compute
  complex :: z(4)
  real :: r(4)
  integer :: i
  z = (1.0, 2.0)
  !$acc parallel loop copyin(z) copyout(r)
  do i = 1, 4
    r(i) = real(sqrt(z(i))) + abs(z(i)) + real(z(i) ** 2.5)
  end do
  print *, r
end program
