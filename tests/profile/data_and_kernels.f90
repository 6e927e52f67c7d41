! GPUF_PROFILE=1: three launches of one construct, one of another, and the bytes each
! construct's data clauses move (1,000 reals in, 1,000 out, an update of 100).
program data_and_kernels
  implicit none
  real :: a(1000), b(1000)
  integer :: i, step
  a = 1.0
  !$acc data copyin(a) copyout(b)
  do step = 1, 3
    !$acc parallel loop
    do i = 1, 1000
      b(i) = a(i) * step
    end do
  end do
  !$acc parallel loop
  do i = 1, 1000
    a(i) = 2.0
  end do
  !$acc update self(a(1:100))
  !$acc end data
  print *, sum(b), sum(a(1:100))
end program
