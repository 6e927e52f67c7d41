program main
  use kernels_mod
  implicit none
  integer, parameter :: n = 200
  real :: a(n), b(n)
  integer :: i
  do i = 1, n
    a(i) = real(mod(i * 7, 13))
  end do
  !$acc parallel loop copyin(a) copyout(b)
  do i = 1, n
    b(i) = smooth(a, i, n)
    call bump(b(i), 0.5)
  end do
  print '(2f12.3)', sum(b), b(n / 2)
end program main
