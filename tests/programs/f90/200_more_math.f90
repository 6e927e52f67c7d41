! tan, asin, acos, atan, atan2, sinh, cosh, tanh, log10 on real(4) and real(8),
! scalars and arrays (elemental), printed with fixed formats.
program more_math
  implicit none
  integer, parameter :: dp = selected_real_kind(15)
  real(dp) :: x(7), y(7), p
  real :: s(5), t(5)
  real(dp), parameter :: quarter = atan(1.0_dp)
  integer :: i

  x = [-0.9_dp, -0.5_dp, -0.1_dp, 0.0_dp, 0.25_dp, 0.5_dp, 0.99_dp]
  s = [-0.75, -0.25, 0.0, 0.3, 0.8]
  p = 4.0_dp * atan(1.0_dp)
  print '(a, f18.15)', 'pi    = ', p
  print '(a, f18.15)', 'quart = ', quarter
  do i = 1, size(x)
    print '(f7.3, 6f12.7)', x(i), tan(x(i)), asin(x(i)), acos(x(i)), atan(x(i)), sinh(x(i)), cosh(x(i))
  end do
  y = tanh(x)
  print '(7f10.6)', y
  y = log10(abs(x) + 1.0_dp)
  print '(7f10.6)', y
  print '(7f10.6)', atan2(x, 0.5_dp - x)
  t = tan(s)
  print '(5f10.5)', t
  t = asin(s) + acos(s)
  print '(5f10.5)', t
  print '(5f10.5)', atan(s), sinh(s), cosh(s), tanh(s)
  print '(5f10.5)', log10([1.0, 10.0, 100.0, 0.001, 2.0])
  ! atan2 in all four quadrants and on the axes
  print '(4f10.6)', atan2(1.0, 1.0), atan2(1.0, -1.0), atan2(-1.0, -1.0), atan2(-1.0, 1.0)
  print '(4f10.6)', atan2(0.0, 1.0), atan2(1.0, 0.0), atan2(0.0, -1.0), atan2(-2.0, 0.0)
  print '(4f10.6)', atan2(3.0_dp, 4.0_dp), atan2(-3.0_dp, 4.0_dp), atan2(5.0_dp, -12.0_dp), atan2(-5.0_dp, -12.0_dp)
  ! identities, scaled and rounded
  print *, nint(1.0e6_dp * (cosh(1.5_dp)**2 - sinh(1.5_dp)**2))
  print *, nint(1.0e6_dp * tan(p / 4.0_dp)), nint(1.0e6_dp * sin(asin(0.6_dp)))
  print *, nint(log10(1.0e8_dp)), nint(log10(1.0e-3)), nint(1000 * tanh(20.0))
  print '(3f12.6)', sinh(10.0_dp) / 1.0e4_dp, cosh(-10.0_dp) / 1.0e4_dp, tanh(-0.001_dp) * 1.0e3_dp
end program
