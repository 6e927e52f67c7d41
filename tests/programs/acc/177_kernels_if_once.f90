! The `if` condition of a `kernels` construct that gpuf splits into several kernels (two
! loops with a scalar statement between them) is evaluated once: a function that counts
! its calls and answers differently the second time leaves every part on the same device.
! With the condition false nothing is mapped: the construct's `copy` clause does not
! bring stale device values back over what the host computed.
module kernels_if_once_m
  implicit none
  integer :: calls = 0
contains
  logical function on_device(first)
    logical, intent(in) :: first
    calls = calls + 1
    on_device = first .or. calls > 1
  end function on_device
end module kernels_if_once_m

program kernels_if_once
  use kernels_if_once_m
  implicit none
  integer :: a(8), b(8), i, s
  logical :: dev
  a = 1
  b = 2
  s = 0
  !$acc data copyin(a, b)
  !$acc kernels if(on_device(.false.))
  do i = 1, 8
    a(i) = a(i) + i
  end do
  s = a(3)
  do i = 1, 8
    b(i) = b(i) + a(i)
  end do
  !$acc end kernels
  !$acc end data
  print '(8i4)', a
  print '(8i4, 2i4)', b, s, calls

  dev = .false.
  a = 1
  b = 2
  !$acc kernels if(dev) copy(a, b)
  do i = 1, 8
    a(i) = a(i) * 2 + i
  end do
  s = a(8)
  do i = 1, 8
    b(i) = b(i) + a(i) + s
  end do
  !$acc end kernels
  print '(8i4)', a
  print '(8i4, i4)', b, s

  dev = .true.
  a = 1
  b = 2
  !$acc kernels if(dev) copy(a, b) copyout(s)
  do i = 1, 8
    a(i) = a(i) * 3 + i
  end do
  s = a(2)
  do i = 1, 8
    b(i) = b(i) + a(i) + s
  end do
  !$acc end kernels
  print '(8i4)', a
  print '(8i4, i4)', b, s
end program kernels_if_once
