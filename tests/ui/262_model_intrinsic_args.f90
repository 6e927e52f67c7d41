! Wrong arguments of the real model's functions and the Bessel functions: located errors.
program model_args
  implicit none
  real :: x, r(3)
  integer :: n(2)
  x = scale(1, 2)
  x = scale(1.0, 2.0)
  x = nearest(1.0, 1)
  x = fraction(1.0, 2.0)
  x = bessel_jn(1.0, 2.0)
  r = bessel_jn(1, 3, [1.0, 2.0])
  r = bessel_yn(n, 3, 1.0)
  x = bessel_j0(x=1, y=2)
  print *, exponent(.true.), spacing(), set_exponent(1.0, n(1:2)) + r(1:3) + [x, x]
  print *, dprod(1.0, 2.0d0), selected_char_kind(1), rank()
end program
