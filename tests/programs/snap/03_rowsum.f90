! Snapshot: gang loop over rows with a vector reduction into a gang-private scalar.
program rowsum
  implicit none
  integer, parameter :: n = 40, m = 70
  real(8) :: a(n, m), r(n), s
  integer :: i, j
  do j = 1, m
    do i = 1, n
      a(i, j) = real(i + j, 8)
    end do
  end do
  !$acc parallel loop gang copyin(a) copyout(r)
  do i = 1, n
    s = 0.0d0
    !$acc loop vector reduction(+:s)
    do j = 1, m
      s = s + a(i, j)
    end do
    r(i) = s
  end do
  print *, r(1), r(n)
end program rowsum
