! flags: -fdefault-real-8 -fdefault-double-8
! `-fdefault-real-8` with `-fdefault-double-8`: default `real` and `complex`, literals,
! implicit typing and `real()`/`cmplx()` results are of kind 8; `real(4)` stays kind 4.
program default_real_8
  real :: x, s
  real(4) :: single
  double precision :: d
  complex :: z
  integer :: i
  x = 1.0 / 3.0
  d = 1.0d0 / 3.0d0
  single = 1.0 / 3.0
  print *, x, d, single
  print *, kind(x), kind(1.0), kind(d), kind(z), kind(single)
  y = 0.1
  print *, y, kind(y)
  z = cmplx(1.0, 2.0)
  print *, z * (0.5, 0.5)
  s = 0
  do i = 1, 10
    s = s + real(i) / 7
  end do
  print *, s, sqrt(2.0), float(3) / 9
  print '(f20.16)', x
end program
