! An unknown device type in a `device_type` clause of a loop (E0317).
program p
  implicit none
  integer :: a(10), i
  !$acc parallel loop copyout(a) device_type(xeon) vector
  do i = 1, 10
    a(i) = i
  end do
  print *, a(1)
end program p
