! Complex arrays, sections, elemental operations, dummy arguments (two consecutive reals
! by reference), initial values, sum, product and dot_product.
module cplx_ops
  implicit none
contains
  subroutine rotate(z, n)
    integer, intent(in) :: n
    complex, intent(inout) :: z(n)
    z = z * (0.0, 1.0)
  end subroutine
  subroutine split(z, re, im)
    complex(8), intent(in) :: z
    real(8), intent(out) :: re, im
    re = real(z)
    im = aimag(z)
  end subroutine
  subroutine scale2(z)
    complex(8), intent(inout) :: z
    z = 2 * z
  end subroutine
end module

program complex_arrays
  use cplx_ops
  implicit none
  complex :: v(5), s
  complex(8) :: m(2, 3), t = (0.5d0, -0.5d0)
  real(8) :: re, im
  real :: mag(5)
  integer :: i, j

  v = [(cmplx(i, -i), i = 1, 5)]
  print *, v
  print *, v(2:4)
  v(1:2) = (9.0, 9.0)
  print *, v(1), v(5)
  do i = 1, 5
    v(i) = cmplx(i, 2 * i)
  end do
  mag = abs(v)
  print '(5f9.4)', mag
  print *, real(v)
  print *, aimag(v(3:5))
  print *, conjg(v(1:2))
  call rotate(v, 5)
  print *, v
  do j = 1, 3
    do i = 1, 2
      m(i, j) = cmplx(i, j, kind=8)
    end do
  end do
  print *, m(:, 2)
  print *, m(2, :)
  m = m + t
  print *, m(1, 1), m(2, 3)
  call split(m(2, 2), re, im)
  print *, re, im
  call scale2(t)
  call scale2(m(1, 3))
  print *, t, m(1, 3)
  call split((1.0d0, 3.0d0) * 2, re, im)
  print *, re, im
  s = (0.0, 0.0)
  do i = 1, 5
    s = s + v(i) * conjg(v(i))
  end do
  print *, s
  print *, v == v, v(1) /= v(2)
  print *, sum(v), product(v(1:3)), dot_product(v(1:2), v(3:4))
  print *, sum(m), product(m(:, 1))
  print *, sum(v, mask=aimag(v) > 2.0), product(m, mask=.true.), sum(m, real(m) > 1.0d0)
  print *, dot_product([1.0, 2.0], v(1:2)), dot_product(v(1:2), [(1.0, 0.0), (0.0, 1.0)])
end program
