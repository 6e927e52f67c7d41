program loop_args_in_parallel
  implicit none
  integer :: a(64, 8), i, j
  !$acc parallel copyout(a)
  !$acc loop gang(num: 4)
  do j = 1, 8
    !$acc loop vector(length: 32)
    do i = 1, 64
      a(i, j) = i + j
    end do
  end do
  !$acc end parallel
  !$acc serial copyout(a)
  !$acc loop worker(2)
  do j = 1, 8
    a(1, j) = j
  end do
  !$acc end serial
  print *, sum(a)
end program loop_args_in_parallel
