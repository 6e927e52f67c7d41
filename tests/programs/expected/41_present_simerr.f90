! A `present` clause on a compute construct whose array is not on the device: on the sim
! device the error names the clause item, the construct and its line.
program present_simerr
  implicit none
  integer :: c(10), d(10), i
  d = 3
  !$acc data copyin(d)
  !$acc parallel loop present(d) copyout(c)
  do i = 1, 10
    c(i) = d(i) * i
  end do
  print '(10i4)', c
  !$acc parallel loop present(d, c)
  do i = 1, 10
    c(i) = d(i) + i
  end do
  !$acc end data
  print '(10i4)', c
end program present_simerr
