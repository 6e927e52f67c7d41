! The OpenACC runtime API beyond the basics: acc_on_device inside compute constructs
! (answered per device: each kernel knows where it runs, consistently with the host's
! acc_get_device_type), acc_get_property / acc_get_property_string.
program acc_api_device
  use openacc
  implicit none
  integer, parameter :: n = 64
  integer :: i, on_host, on_dev, both, t
  logical :: host_kernel, host_type
  character(len=64) :: name, vendor
  integer(8) :: shared

  t = acc_get_device_type()
  host_type = t == acc_device_host
  on_host = 0
  on_dev = 0
  both = 0
  !$acc parallel loop reduction(+:on_host, on_dev, both)
  do i = 1, n
    if (acc_on_device(acc_device_host)) on_host = on_host + 1
    if (acc_on_device(acc_device_not_host)) on_dev = on_dev + 1
    if (acc_on_device(acc_device_host) .neqv. acc_on_device(acc_device_not_host)) both = both + 1
  end do
  host_kernel = on_host == n
  print *, 'every iteration on one kind of device:', on_host + on_dev == n, both == n
  print *, 'kernel and host agree:', host_kernel .eqv. host_type
  !$acc serial copyout(host_kernel)
  host_kernel = acc_on_device(acc_device_host)
  !$acc end serial
  print *, 'serial agrees:', host_kernel .eqv. host_type
  print *, 'host code is on the host:', acc_on_device(acc_device_host), acc_on_device(acc_device_not_host)

  call acc_get_property_string(0, t, acc_property_name, name)
  call acc_get_property_string(0, t, acc_property_vendor, vendor)
  print *, 'named:', len_trim(name) > 0, len_trim(vendor) > 0
  shared = acc_get_property(0, t, acc_property_memory)
  print *, 'memory not negative:', shared >= 0

end program acc_api_device
