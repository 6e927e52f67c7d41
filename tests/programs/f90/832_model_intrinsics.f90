! scale, fraction, exponent, nearest, spacing, rrspacing, set_exponent of real(4), real(8)
! and real(16): normal numbers, zeros, huge, tiny, denormals, infinities and NaN, scalars
! and arrays (the values come through command_argument_count(), so gfortran does not fold
! them at compile time).
program model
  implicit none
  integer :: z, k
  real :: x(9), inf, nan
  real(8) :: d(9), dinf
  real(16) :: q(6)
  integer :: e(9)
  z = command_argument_count()
  inf = huge(1.0) * (z + 2)
  nan = inf - inf
  dinf = huge(1d0) * (z + 2)
  x = [1.0, -3.5, 0.1, 0.0, huge(1.0), tiny(1.0), tiny(1.0) / 8, -0.0, 1e-40] + z
  d = [1d0, -3.5d0, 0.1d0, 0d0, huge(1d0), tiny(1d0), tiny(1d0) / 1024, 7d300, 5d-320] + z
  q = [1.0_16, -3.5_16, 0.1_16, 0.0_16, huge(1.0_16), tiny(1.0_16)] + z
  e = [0, 1, -1, 3, -3, 100, -130, 2, -2] + z
  do k = 1, 9
    print *, k, scale(x(k), e(k)), fraction(x(k)), exponent(x(k)), set_exponent(x(k), e(k))
    print *, nearest(x(k), 1.0), nearest(x(k), -2.0_8), spacing(x(k)), rrspacing(x(k))
    print *, scale(d(k), e(k)), fraction(d(k)), exponent(d(k)), set_exponent(d(k), e(k))
    print *, nearest(d(k), 1.0), nearest(d(k), -1.0), spacing(d(k)), rrspacing(d(k))
  end do
  do k = 1, 6
    print *, scale(q(k), e(k)), fraction(q(k)), exponent(q(k)), set_exponent(q(k), e(k))
    print *, nearest(q(k), 1.0), nearest(q(k), -1.0_16), spacing(q(k)), rrspacing(q(k))
  end do
  print *, fraction(inf), exponent(inf), spacing(-inf), rrspacing(inf), set_exponent(inf, 2), scale(inf, -3)
  print *, fraction(nan), exponent(nan), spacing(nan), rrspacing(nan), nearest(inf, -1.0), nearest(-huge(x), -1.0)
  print *, exponent(dinf), fraction(-dinf), exponent(huge(1.0_16) * (z + 2))
  ! Elemental over arrays, with array and scalar second arguments.
  print *, scale(x(1:4), e(1:4))
  print *, exponent(d), fraction(x(1:3))
  print *, spacing([1.0, 2.0, 1024.0] + z), rrspacing(d(1:3)), set_exponent(d(1:3), 1)
  print *, nearest([1.0_8, -1.0_8] + z, [1.0, -1.0])
  print *, exponent(int(8_8, 8) * 1.0_8 + z), exponent(scale(1.0, 100 + z))
end program
