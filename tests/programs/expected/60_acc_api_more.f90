! OpenACC runtime routines gfortran 12 does not have: acc_init_device and
! acc_shutdown_device (device 0 of a type), acc_memcpy_d2d between the device copies of
! two present arrays (the host copies change only through the data clauses' copy-out).
program acc_api_more
  use openacc
  implicit none
  integer, parameter :: n = 32
  integer :: i, t
  integer :: a(n), b(n)
  integer(8) :: bytes

  t = acc_get_device_type()
  call acc_init_device(0, t)
  print *, 'same device:', acc_get_device_type() == t
  a = [(i, i = 1, n)]
  b = 0
  !$acc data copyin(a) copy(b)
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = a(i) * 3
  end do
  ! The first half of the device's a into b.
  call acc_memcpy_d2d(b, a, 4 * (n / 2), 0, 0)
  !$acc parallel loop present(b)
  do i = 1, n
    b(i) = b(i) + 1
  end do
  bytes = 8
  call acc_memcpy_d2d(b(n - 1:n), a(1:2), bytes, 0, 0)
  !$acc end data
  print '(16i4)', b
  call acc_shutdown_device(0, t)
  call acc_init_device(0, t)
  print *, 'device again:', acc_get_device_type() == t
end program acc_api_more
