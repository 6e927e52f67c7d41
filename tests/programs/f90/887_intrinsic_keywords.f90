! Intrinsic functions called with the standard's argument keywords, in and out of order.
program intrinsic_keywords
  implicit none
  integer :: a, b, k
  integer(8) :: big
  real :: x, y
  real(8) :: d
  complex :: z
  logical :: t
  integer :: v(4), w(4)
  a = 12
  b = 10
  x = 2.5
  y = -1.5
  d = 0.75d0
  z = (3.0, -4.0)
  v = [1, 2, 3, 4]
  w = [8, 4, 2, 1]
  print *, iand(i=a, j=b), ior(j=b, i=a), ieor(a, j=b), not(i=a)
  print *, iand(i=v, j=w), ior(v, j=3)
  print *, ishft(i=a, shift=-2), ishftc(i=a, shift=1, size=4), ishftc(a, size=4, shift=2)
  print *, btest(i=a, pos=2), ibset(pos=0, i=a), ibclr(i=a, pos=3), ibits(i=a, pos=1, len=3)
  print *, popcnt(i=a), leadz(i=a), trailz(i=a), poppar(i=a)
  print *, mod(a=a, p=5), modulo(p=5, a=-a), sign(a=x, b=y), dim(x=x, y=y), dim(y, y=x)
  print *, abs(a=y), sqrt(x=x), exp(x=d), log(x=d), sin(x=d), cos(x=d), tan(x=d)
  print *, atan2(y=y, x=x), atan2(x=x, y=-y), atan(x=d), sinh(x=d), tanh(x=d), nint(1d6 * log10(x=d))
  print *, int(a=x), nint(a=y), nint(a=x, kind=8), real(a=a), real(a=a, kind=8), aint(a=x), anint(a=y)
  print *, floor(a=y), ceiling(a=y), dble(a=x)
  print *, max(a1=a, a2=b), min(a2=b, a1=a, a3=3), max(a, b, a3=20)
  print *, merge(tsource=a, fsource=b, mask=x > y), merge(a, b, mask=.false.)
  print *, aimag(z=z), conjg(z=z)
  print *, huge(x=a), tiny(x=x), epsilon(x=d)
  t = logical(l=.true., kind=1)
  print *, t, erf(x=d), erfc(x=d), nint(1e4 * gamma(x=x)), nint(1e4 * log_gamma(x=x))
  big = ishft(i=1_8, shift=40)
  k = kind(x=big)
  print *, big, k
  print *, ichar(c='A'), iachar(c='B'), char(i=67), achar(i=68), len(string='ab'), &
           index(string='abcb', substring='b', back=.true.)
  k = 0
  call mvbits(from=7, frompos=0, len=2, to=k, topos=4)
  print *, k, size(array=v), sum(array=w, dim=1), shape(source=v), has(), has(q=1)
contains
  logical function has(q)
    integer, optional :: q
    has = present(a=q)
  end function
end program
