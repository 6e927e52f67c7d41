program demo
  use prec
  use stats
  implicit none
  real(8) :: a(n)
  integer :: i
  a = 1.0d0
  call addk(n, a, 2)
  !$acc parallel loop copy(a)
  do i = 1, n
    a(i) = 2.0d0 * a(i) + i
  end do
  print '(8f6.1)', a
  print '(f8.2)', scaled_mean(a)
end program demo
