! The real(16) model intrinsics in constant expressions (named constants, a bound) and at
! run time: huge, tiny, epsilon, spacing, nearest, fraction, scale, rrspacing,
! set_exponent, exponent, digits, precision, range, maxexponent, minexponent.
program real16_model_consts
  implicit none
  real(16), parameter :: hq = huge(1.0_16), tq = tiny(1.0_16), eq = epsilon(1.0_16)
  real(16), parameter :: sq = spacing(1.0_16), nq = nearest(1.0_16, 1.0_16), fq = fraction(3.0_16)
  real(16), parameter :: s2 = scale(1.5_16, 3), rq = rrspacing(2.0_16), se = set_exponent(3.0_16, 5)
  real(16), parameter :: nd = nearest(1.0_16, -1.0_16), sp2 = spacing(1.0e-4000_16)
  integer, parameter :: ie = exponent(1.0e100_16), ne = exponent(-0.375_16)
  integer, parameter :: md = digits(1.0_16), mp = precision(1.0_16), mr = range(1.0_16)
  integer, parameter :: mx = maxexponent(1.0_16), mn = minexponent(1.0_16)
  ! (a value just below a power of two that a double cannot tell from it)
  integer, parameter :: e1 = exponent(0.99999999999999999999_16), e3 = exponent(-1024.0_16)
  integer :: bounds(ne:ie)
  real(16) :: x
  x = 1.0_16
  print *, hq, tq, eq
  print *, sq, nq, fq
  print *, s2, rq, se, ie, ne
  print *, nd, sp2, md, mp, mr, mx, mn
  print *, lbound(bounds), ubound(bounds), size(bounds)
  print *, huge(x), tiny(x), epsilon(x), spacing(x), nearest(x, -1.0_16)
  print *, e1, e3, exponent(0.99999999999999999999_16)
  print *, hq == huge(x), nq - x == epsilon(x), nq > x, nd < x
end program
