! Async queues with every wait in place: data directives, compute constructs and updates on
! numbered queues and the default one, `wait(q) async(r)` and the wait clause ordering one
! queue after another, acc_wait_async / acc_wait_all_async, the _async data routines, and
! acc_async_test after the waits (true everywhere), and a kernels construct split into
! several kernels on one queue. On the sim device each queue runs on a
! worker thread; the answers equal synchronous execution's.
program async_queues
  use openacc
  implicit none
  integer, parameter :: n = 64
  integer :: a(n), b(n), c(n), i, total, k
  a = [(i, i = 1, n)]
  b = 0
  c = 0
  total = 0
  !$acc enter data copyin(a) create(b, c) async(1)
  !$acc parallel loop present(a, b) async(1)
  do i = 1, n
    b(i) = 2 * a(i)
  end do
  ! queue 2 waits for queue 1, then reads b
  !$acc parallel loop present(b, c) wait(1) async(2)
  do i = 1, n
    c(i) = b(i) + 1
  end do
  !$acc update self(c) async(2)
  !$acc wait(2)
  print *, 'c', c(1), c(n), sum(c)
  ! a chain over three queues with the wait directive's async form
  do k = 1, 3
    !$acc parallel loop present(c) async(3)
    do i = 1, n
      c(i) = c(i) * 2
    end do
    !$acc wait(3) async(4)
    !$acc parallel loop present(c) async(4)
    do i = 1, n
      c(i) = c(i) - 1
    end do
    !$acc wait(4) async(3)
  end do
  !$acc update self(c) async(3)
  !$acc wait(3)
  print *, 'chain', c(1), c(n), sum(c)
  ! a reduction on an async construct, read after the wait
  !$acc parallel loop present(a) reduction(+:total) copy(total) async(5)
  do i = 1, n
    total = total + a(i)
  end do
  !$acc wait(5)
  print *, 'total', total
  ! the runtime routines
  b = -1
  call acc_update_device_async(b, 6)
  call acc_wait_async(6, 7)
  !$acc parallel loop present(b) async(7)
  do i = 1, n
    b(i) = b(i) + i
  end do
  call acc_wait_all_async(8)
  call acc_update_self_async(b, 8)
  call acc_wait(8)
  print *, 'b', b(1), b(n), sum(b), acc_async_test(8), acc_async_test_all()
  ! the default queue (async without an argument)
  !$acc kernels present(a) async
  a(:) = a(:) + 100
  !$acc end kernels
  !$acc exit data copyout(a) delete(b, c) async
  !$acc wait
  print *, 'a', a(1), a(n), acc_async_test(acc_async_noval)
  call acc_copyin_async(a, 9)
  !$acc parallel loop present(a) async(9)
  do i = 1, n
    a(i) = -a(i)
  end do
  call acc_copyout_async(a, 9)
  call acc_wait_all()
  print *, 'a', a(1), a(n)
  ! a kernels construct split into several kernels, all on queue 10, in order
  b = 1
  !$acc kernels copy(a, b) async(10)
  do i = 1, n
    b(i) = b(i) + i
  end do
  a(1) = b(n) * 10
  do i = 2, n
    a(i) = b(i) + a(1)
  end do
  !$acc end kernels
  !$acc wait(10)
  print *, 'kernels', a(1), a(2), a(n), sum(b)
end program async_queues
