! Tests: the openacc module: constants, acc_copyin/acc_create/acc_update_device/
! acc_update_self/acc_copyout/acc_delete with whole arrays, sections and explicit lengths,
! acc_is_present, acc_on_device and acc_get_num_devices from host code.
program openacc_api
  use openacc
  implicit none
  integer, parameter :: n = 100
  real(8) :: a(n), b(n)
  integer :: i
  logical :: p
  do i = 1, n
    a(i) = real(i, 8)
    b(i) = 0.0d0
  end do
  print *, 'on host:', acc_on_device(acc_device_host)
  print *, 'host devices >= 1:', acc_get_num_devices(acc_device_host) >= 1
  call acc_copyin(a)
  call acc_create(b)
  p = acc_is_present(a)
  print *, 'present after copyin:', p, acc_is_present(b(1:10))
  !$acc parallel loop present(a, b)
  do i = 1, n
    b(i) = 2.0d0 * a(i)
  end do
  call acc_update_self(b(1:n/2))
  print *, b(1), b(n/2)
  do i = 1, n
    a(i) = -1.0d0
  end do
  call acc_update_device(a(1:10))
  !$acc parallel loop present(a, b)
  do i = 1, 10
    b(i) = a(i)
  end do
  call acc_copyout(b)
  call acc_delete(a, n * 8)
  print *, b(1), b(10), b(11), b(n)
end program openacc_api
