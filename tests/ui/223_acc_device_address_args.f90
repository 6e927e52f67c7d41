! The device-address arguments of the OpenACC runtime routines are `type(c_ptr)` values.
program acc_device_address_args
  use openacc
  use iso_c_binding
  implicit none
  real(8) :: a(10)
  integer :: k
  type(c_ptr) :: d
  d = acc_malloc(80_c_size_t)
  call acc_free(a)
  call acc_map_data(a, k, 80_c_size_t)
  print *, c_associated(acc_hostptr(a))
  call acc_memcpy_to_device(d, a, 80_c_size_t)
end program acc_device_address_args
