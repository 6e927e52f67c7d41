program demo
  use prec
  use stats
  implicit none
  real(dp) :: a(n)
  integer :: i
  a = 1.0_dp
  call addk(n, a, 2)
  !$acc parallel loop copy(a)
  do i = 1, n
    a(i) = 2.0_dp * a(i) + i
  end do
  print '(8f6.1)', a
  print '(f8.2)', scaled_mean(a)
end program demo
