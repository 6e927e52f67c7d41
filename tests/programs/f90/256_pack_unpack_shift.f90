! pack (with scalar and array masks, with vector=), unpack (scalar and array field),
! cshift and eoshift (positive, negative, larger than the extent, dim=, boundary=).
program pack_unpack_shift
  implicit none
  integer :: a(10), i, m(3, 4), u(3, 3), n
  real :: r(6)
  logical :: keep(10), diag(3, 3)
  integer, allocatable :: packed(:)
  a = [(i * i - 20, i = 1, 10)]
  keep = a > 0
  print '(10i5)', pack(a, keep)
  print '(10i5)', pack(a, mod(a, 2) == 0)
  print '(10i5)', pack(a, .true.)
  print *, size(pack(a, a < 0)), sum(pack(a, a < 0)), count(keep)
  print '(10i5)', pack(a, a > 50, [(-i, i = 1, 10)])
  n = count(keep)
  allocate(packed(n))
  packed = pack(a, keep)
  print '(10i5)', packed
  m = reshape([(i, i = 1, 12)], [3, 4])
  print '(12i4)', pack(m, mod(m, 3) == 1)
  print '(12i4)', pack(m(2:3, :), m(2:3, :) > 4)
  diag = reshape([(mod(i, 4) == 1, i = 1, 9)], [3, 3])
  u = unpack([7, 8, 9], diag, 0)
  print '(3i3)', u
  u = unpack([1, 2, 3, 4, 5, 6], .not. diag, reshape([(100 + i, i = 1, 9)], [3, 3]))
  print '(3i4)', u
  print '(10i5)', cshift(a, 3)
  print '(10i5)', cshift(a, -2)
  print '(10i5)', cshift(a, 13)
  print '(10i5)', eoshift(a, 2)
  print '(10i5)', eoshift(a, -3, boundary=99)
  print '(10i5)', eoshift(a, 12)
  print '(4i4)', cshift(m, 1, dim=1)
  print '(4i4)', cshift(m, -1, 2)
  print '(4i4)', eoshift(m, 1, -1, 2)
  print '(4i4)', cshift(m, [1, -1, 2], dim=2)
  print '(4i4)', cshift(m, [0, 1, 2, 3], 1)
  print '(4i4)', eoshift(m, [2, 0, -1], 0, 2)
  r = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
  r = r + cshift(r, 1) + cshift(r, -1)
  print '(6f6.1)', r
  print '(6f6.1)', eoshift(r(1:5), 1, boundary=0.5)
  a = cshift(a, 1)
  print '(10i5)', a
  print *, sum(cshift(m, 2, 2) * m), maxval(eoshift(a, -1))
end program pack_unpack_shift
