program async_wait_args
  implicit none
  integer :: a(8), i
  real :: q
  q = 1.0
  !$acc parallel loop copyout(a) async(q)
  do i = 1, 8
    a(i) = i
  end do
  !$acc wait(q, 2)
  !$acc update self(a) wait(devnum: 0: 1)
  !$acc parallel
  !$acc loop async(1)
  do i = 1, 8
    a(i) = i
  end do
  !$acc end parallel
  print *, a
end program async_wait_args
