program gang_static_args
  implicit none
  integer :: a(10), i
  real :: x
  x = 2.0
  !$acc parallel loop gang(static: x) copyout(a)
  do i = 1, 10
    a(i) = i
  end do
  !$acc parallel loop gang(num: 2, static: 3) copyout(a)
  do i = 1, 10
    a(i) = i
  end do
  !$acc parallel loop gang(dim: 2, num: 3) copyout(a)
  do i = 1, 10
    a(i) = i
  end do
  print *, a
end program gang_static_args
