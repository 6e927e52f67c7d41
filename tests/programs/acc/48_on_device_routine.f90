! acc_on_device inside an `!$acc routine` called from compute constructs answers where the
! kernel runs (its host copy, which the sim device's kernels call too, asks the run time),
! and the same routine called from host code answers the host.
module where_mod
  use openacc
  implicit none
contains
  integer function where_am_i(k)
    !$acc routine seq
    integer, intent(in) :: k
    where_am_i = k
    if (acc_on_device(acc_device_not_host)) where_am_i = -k
    if (acc_on_device(acc_device_host)) where_am_i = where_am_i + 1000
  end function where_am_i
end module where_mod

program on_device_routine
  use openacc
  use where_mod
  implicit none
  integer, parameter :: n = 32
  integer :: a(n), i, k
  logical :: host_type
  host_type = acc_get_device_type() == acc_device_host
  !$acc parallel loop copyout(a)
  do i = 1, n
    a(i) = where_am_i(i)
  end do
  k = 0
  do i = 1, n
    if (host_type .and. a(i) == i + 1000) k = k + 1
    if (.not. host_type .and. a(i) == -i) k = k + 1
  end do
  print *, 'kernel answers agree with the device type:', k == n
  print *, 'host code:', where_am_i(7)
end program on_device_routine
