! -Minfo=accel with device_type groups: the construct is lowered once per set of device
! types with the same clauses, each lowering reported with the device types it is for.
program device_type_report
  implicit none
  integer :: a(64), i
  !$acc parallel loop copyout(a) gang vector dtype(host) seq dtype(nvidia, radeon) gang
  do i = 1, 64
    a(i) = i
  end do
  !$acc parallel loop copyin(a) dtype(*) vector_length(64)
  do i = 1, 64
    a(i) = a(i) + 1
  end do
end program device_type_report
