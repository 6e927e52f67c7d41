! The OpenACC 3.3 routines that wait for or test async queues of a numbered device:
! acc_wait_device, acc_wait_device_async, acc_wait_all_device, acc_wait_all_device_async,
! acc_async_test_device, acc_async_test_all_device (device 0 of the current type). On the
! sim device queued work runs only once the host synchronises with its queue, so every
! result below is read only after the wait that makes it complete.
program acc_wait_device_routines
  use openacc
  implicit none
  integer, parameter :: n = 64
  integer :: a(n), b(n), c(n), i

  a = 0
  b = 0
  c = 0
  !$acc data create(a, b, c)
  !$acc parallel loop async(1)
  do i = 1, n
    a(i) = i
  end do
  !$acc update self(a) async(1)
  call acc_wait_device(1, 0)
  print *, 'wait_device:', sum(a), acc_async_test_device(1, 0)

  ! Queue 2 waits for queue 1's kernel before copying b back; the host waits for queue 2.
  !$acc parallel loop async(1)
  do i = 1, n
    b(i) = 2 * i
  end do
  call acc_wait_device_async(1, 2, 0)
  !$acc update self(b) async(2)
  call acc_wait_device(2, 0)
  print *, 'wait_device_async:', sum(b)

  ! Work on two queues, then one wait for all of them.
  !$acc parallel loop async(3)
  do i = 1, n
    c(i) = 3 * i
  end do
  !$acc parallel loop async(4)
  do i = 1, n
    a(i) = -i
  end do
  !$acc update self(c) async(3)
  !$acc update self(a) async(4)
  call acc_wait_all_device(0)
  print *, 'wait_all_device:', sum(c), sum(a), acc_async_test_all_device(0)

  ! Queue 5 waits for every other queue; the host waits for queue 5 only.
  !$acc parallel loop async(6)
  do i = 1, n
    b(i) = i * i
  end do
  !$acc update self(b) async(6)
  call acc_wait_all_device_async(5, 0)
  call acc_wait_device(5, 0)
  print *, 'wait_all_device_async:', sum(b)
  call acc_wait_all_device(0)
  print *, 'all done:', acc_async_test_all_device(0), acc_async_test_device(6, 0)
  !$acc end data
end program acc_wait_device_routines
