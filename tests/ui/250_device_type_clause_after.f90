! A data clause after `device_type` (only async, wait, num_gangs, num_workers and
! vector_length may follow it on `parallel`): E0346.
program p
  implicit none
  integer :: a(10), i
  !$acc parallel loop num_gangs(2) device_type(nvidia) vector_length(128) copyout(a)
  do i = 1, 10
    a(i) = i
  end do
  print *, a(1)
end program p
