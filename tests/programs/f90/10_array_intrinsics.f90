! Tests: size, shape, lbound, ubound (whole, dim=, run-time dim=, non-default bounds,
! sections, empty), sum/product/maxval/minval with dim= and mask=, count/any/all with dim=,
! dot_product, maxloc/minloc (whole, dim=, mask=, ties take the first), merge (scalar and
! elemental); dim= results assigned to arrays and printed; empty-array reduction values.
program array_intrinsics
  implicit none
  integer :: a(3, 4), b(6), e(0), i, j, n
  integer :: rows(3), cols(4), loc2(2), s3(3)
  integer(8) :: big(3)
  real :: r(5), w(0:4)
  real(8) :: d(2, 3)
  logical :: m(3, 4), flags(4)

  do j = 1, 4
    do i = 1, 3
      a(i, j) = mod(i * 5 + j * 7, 13) - 6
    end do
  end do
  b = [4, -2, 9, 9, -7, 1]
  r = [0.5, -1.25, 3.75, 3.75, -8.0]
  do i = 0, 4
    w(i) = 0.25 * i - 0.5
  end do
  do j = 1, 3
    do i = 1, 2
      d(i, j) = 0.5d0 * (i - 2 * j)
    end do
  end do
  big = [3_8, 5_8, 7_8]
  m = a > 0

  print *, 'size', size(a), size(a, 1), size(a, dim=2), size(b(2:5)), size(e)
  print *, 'shape', shape(a), shape(b(1:5:2)), shape(w)
  print *, 'bounds', lbound(w), ubound(w), lbound(a, 2), ubound(a, dim=1)
  print *, 'bounds2', lbound(b(3:5)), ubound(b(3:5)), lbound(e), ubound(e)
  do i = 1, 2
    print *, 'rtdim', i, size(a, i), lbound(a, i), ubound(a, dim=i), size(w, dim=i - 1 + 1 - (i - 1))
  end do
  print *, 'sum', sum(a), sum(a, dim=1), sum(a, 2), sum(b(2:6:2))
  print *, 'summask', sum(a, mask=m), sum(a, 1, m), sum(a, dim=2, mask=a < 0)
  print *, 'sumreal', sum(r), sum(w), sum(d, 1), sum(d, dim=2)
  print *, 'product', product(b), product(a, dim=1), product(big), product(r, mask=r > 0.0)
  print *, 'maxmin', maxval(a), minval(a), maxval(r), minval(w)
  print *, 'maxmindim', maxval(a, 1), minval(a, dim=2), maxval(d, dim=1)
  print *, 'maxminmask', maxval(a, mask=a < 3), minval(b, mask=b > 0), maxval(a, 2, m)
  print *, 'count', count(m), count(m, 1), count(m, dim=2), count(b > 0)
  print *, 'anyall', any(m), all(m), any(a > 5, 1), all(a > -6, dim=2), all(b /= 0)
  print *, 'dot', dot_product(b(1:3), b(4:6)), dot_product(r, r), dot_product(w, w)
  print *, 'maxloc', maxloc(a), minloc(a), maxloc(b), minloc(b), maxloc(r), minloc(w)
  print *, 'locdim', maxloc(a, dim=1), minloc(a, 2), maxloc(b, 1), minloc(r, dim=1)
  print *, 'locmask', maxloc(a, mask=a < 3), minloc(b, mask=b > 0), maxloc(b, mask=b < -10)
  print *, 'merge', merge(a, 0, m)
  print *, 'merge2', merge(1.5, -1.5, b(1) > 0), merge(b, -b, b > 0)
  print *, 'empty', sum(e), product(e), maxval(e), minval(e), count(e > 0), any(e > 0), all(e > 0)
  print *, 'empty2', maxloc(e), minloc(e)

  rows = sum(a, dim=2)
  cols = maxval(a, dim=1)
  loc2 = maxloc(a)
  s3 = count(m, 2)
  flags = any(m, dim=1)
  n = size(a, 1) * size(a, 2)
  print *, rows, cols, loc2, s3, flags, n
  rows = rows + minval(a, 2) * 2
  print *, rows

end program array_intrinsics
