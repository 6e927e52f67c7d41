program complex_errors
  implicit none
  complex :: z, w
  real :: r
  logical :: l
  z = (1.0, 2.0)
  w = (3.0, .true.)
  l = z < w
  r = aimag(r)
  z = conjg(2)
  r = max(z, w)
  z = cmplx(1.0, 2.0, kind=3)
end program
