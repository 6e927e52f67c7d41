! The OpenACC 3.3 runtime routines on device addresses (`type(c_ptr)`): acc_malloc,
! acc_free, acc_map_data, acc_unmap_data, acc_deviceptr, acc_hostptr and the acc_memcpy_*
! family (with `_async`). On the host device the device memory is the host's and mapping is
! a no-op; on sim (separate memory) the host array keeps its values while the device's
! change, which is what the `.sim.out` shows.
program acc_device_memory
  use openacc
  use iso_c_binding
  implicit none
  integer, parameter :: n = 64
  integer, target :: a(n), b(n), c(n)
  type(c_ptr) :: d, d2, p
  integer(c_size_t) :: bytes
  integer :: i

  bytes = n * 4
  a = [(i, i = 1, n)]
  b = 0
  c = 0
  print *, 'acc_malloc(0) is null:', .not. c_associated(acc_malloc(0_c_size_t))
  d = acc_malloc(bytes)
  d2 = acc_malloc(bytes)
  print *, 'acc_malloc non-null:', c_associated(d), c_associated(d2)

  ! a onto d: present, with d as its device address
  call acc_map_data(a, d, bytes)
  print *, 'present after acc_map_data:', acc_is_present(a)
  print *, 'acc_deviceptr(a) is d:', c_associated(acc_deviceptr(a), d)
  print *, 'acc_hostptr(d) is a:', c_associated(acc_hostptr(d), c_loc(a))
  call acc_memcpy_to_device(d, a, bytes)
  ! data clauses find a present: no copies
  !$acc parallel loop copy(a)
  do i = 1, n
    a(i) = a(i) * 3
  end do
  call acc_memcpy_from_device(b, d, bytes)
  print *, 'host a:', sum(a), a(1), a(n)
  print *, 'device a:', sum(b), b(1), b(n)

  ! device to device, then back through the async forms
  call acc_memcpy_device(d2, d, bytes)
  call acc_memcpy_from_device_async(c, d2, bytes, 1)
  call acc_wait(1)
  print *, 'copy of the device a:', sum(c), c(1), c(n)
  call acc_memcpy_to_device_async(d2, a, bytes, 2)
  call acc_memcpy_device_async(d, d2, bytes, 2)
  call acc_wait(2)
  call acc_memcpy_from_device(c, d, bytes)
  print *, 'device a from the host a:', sum(c), c(1), c(n)

  call acc_unmap_data(a)
  print *, 'present after acc_unmap_data:', acc_is_present(a)
  call acc_free(d)
  call acc_free(d2)

  ! data mapped by a directive
  !$acc enter data copyin(b)
  p = acc_deviceptr(b)
  print *, 'acc_deviceptr(b) non-null:', c_associated(p)
  print *, 'acc_hostptr of it is b:', c_associated(acc_hostptr(p), c_loc(b))
  print *, 'acc_deviceptr(b(5)) is not b''s:', .not. c_associated(acc_deviceptr(b(5)), p)
  print *, 'acc_hostptr of it is b(5):', c_associated(acc_hostptr(acc_deviceptr(b(5))), c_loc(b(5)))
  !$acc exit data delete(b)
  ! absent data: null (the host device: the host's own address)
  print *, 'acc_deviceptr(c) non-null:', c_associated(acc_deviceptr(c))
end program acc_device_memory
