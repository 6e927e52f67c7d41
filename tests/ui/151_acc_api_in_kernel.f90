! Only acc_on_device is answered inside a compute construct; the other runtime routines
! are host code.
program p
  use openacc
  implicit none
  integer :: i, a(4)
  !$acc parallel loop copyout(a)
  do i = 1, 4
    a(i) = acc_get_device_num(acc_device_not_host)
    if (acc_on_device(acc_device_host)) a(i) = -1
  end do
  print *, a
end program p
