! real(16) in host code: gfortran's binary128 (libquadmath's functions), declarations,
! kinds through selected_real_kind, literals (`_16`, `q` exponents, named kinds),
! arithmetic, conversions, comparisons, intrinsics and list-directed output.
module quad_mod
  implicit none
  integer, parameter :: qp = selected_real_kind(30, 300)
  real(qp), parameter :: third = 0.333333333333333333333333333333333333333_qp, neg = -2.5q-3
  real(qp) :: total = 0.5q0
contains
  real(qp) function poly(x)
    real(qp), intent(in) :: x
    poly = ((2 * x - 3) * x + 1.25_qp) * x - 0.125q0
  end function
  subroutine accumulate(v, n)
    integer, intent(in) :: n
    real(qp), intent(in) :: v(n)
    total = total + sum(v)
  end subroutine
end module

program real16
  use quad_mod
  implicit none
  real(16) :: x, y, a(5)
  real(8) :: d
  real :: s
  integer :: i
  integer(8) :: big
  real(16), parameter :: r3 = 1.0_16 / 3
  print *, qp, kind(x), precision(x), range(x), digits(x), radix(x)
  print *, maxexponent(x), minexponent(x)
  print *, huge(x)
  print *, tiny(x), epsilon(x)
  x = 1.0_16 / 3
  y = 2
  print *, x, y, third, neg, r3, r3 == x
  print *, x + y, x - y, x * y, x / y, -x
  print *, x < y, x <= y, x == third, x /= y, x > y, x >= y
  print *, sqrt(y), abs(-x), exp(y), log(y)
  print *, sin(y), cos(y), tan(x), atan(y), atan2(x, y)
  print *, sinh(x), cosh(x), tanh(x), log10(y), asin(x), acos(x)
  print *, y ** 10, y ** (-3), y ** x, 10.0_16 ** 30
  d = x
  s = x
  print *, d, s, real(d, 16), real(s, 16)
  print *, int(x * 1000), nint(x * 1000), floor(-x), ceiling(x), aint(7 * x), anint(7 * x)
  big = 2_8 ** 60
  x = big
  print *, x, int(x, 8) == big, real(3, 16), real(1.5d0, 16)
  print *, max(x, y, 3q0), min(y, third), mod(10.5_16, 3.0_16), sign(2.5_16, -1.0_16)
  print *, 1e4000_16, 1e-4000_16, 12345678901234567890.125_16
  print *, 0.1_16, 0.1, 0.1d0, real(0.1, 16), real(0.1d0, 16)
  do i = 1, 5
    a(i) = i / 8.0_16
  end do
  print *, sum(a), product(a), maxval(a), minval(a), maxloc(a), dot_product(a, a)
  call accumulate(a, 5)
  print *, total, poly(1.5_16), poly(third)
  x = huge(x)
  print *, x * 2, -x * 2, x / 0 /= 0, sqrt(-y)
end program
