! default(none): every array a compute construct uses needs a data clause, on the construct or
! an enclosing data construct (kernels constructs included).
program default_none
  implicit none
  integer :: a(8), b(8), c(8), i
  a = 1; b = 2; c = 0
  !$acc data copyin(b)
  !$acc parallel loop default(none) copy(a)
  do i = 1, 8
    a(i) = b(i) + a(i)
  end do
  !$acc kernels default(none) copyout(c) copyin(a)
  c(1) = 5
  do i = 2, 8
    c(i) = a(i) + b(i)
  end do
  !$acc end kernels
  !$acc end data
  print *, a, c
  !$acc parallel loop default(none)
  do i = 1, 8
    c(i) = a(i)
  end do
end program default_none
