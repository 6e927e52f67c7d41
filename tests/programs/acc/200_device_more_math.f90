! The math and bit intrinsics of issue 3 inside compute constructs.
program device_more_math
  implicit none
  integer, parameter :: n = 64
  real(8) :: x(n), a(n), b(n), c(n), d(n)
  real :: s(n), e(n)
  integer :: k(n), m(n), i
  logical :: t(n)

  do i = 1, n
    x(i) = (i - 32.5d0) / 40.0d0
    s(i) = real(x(i))
    k(i) = i * 37 - 1000
  end do
  !$acc parallel loop copyin(x, s, k) copyout(a, b, c, d, e, m, t)
  do i = 1, n
    a(i) = tan(x(i)) + asin(x(i)) + acos(x(i)) + atan(x(i))
    b(i) = atan2(x(i), 0.3d0) + sinh(x(i)) + cosh(x(i)) + tanh(3.0d0 * x(i))
    c(i) = log10(abs(x(i)) + 0.01d0)
    d(i) = atan2(-1.0d0, x(i))
    e(i) = tan(s(i)) + asin(s(i)) + acos(s(i)) + atan(s(i)) + atan2(s(i), 2.0) + sinh(s(i)) + cosh(s(i)) &
      + tanh(s(i)) + log10(abs(s(i)) + 0.5)
    m(i) = popcnt(k(i)) + leadz(k(i)) + trailz(k(i)) + ibits(k(i), 2, 5) + ishftc(k(i), 3, 8) + ibset(0, mod(i, 31))
    t(i) = btest(k(i), 3) .neqv. btest(ibclr(k(i), 4), 4)
  end do
  print '(4f12.6)', (a(i), b(i), c(i), d(i), i = 1, n, 7)
  print '(8f9.4)', e(1:n:4)
  print '(8i12)', m(1:n:3)
  print *, count(t), t(1:10)
end program
