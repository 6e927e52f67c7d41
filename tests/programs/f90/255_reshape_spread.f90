! reshape (with constructor and parameter shapes, pad) and spread (dim 1, 2, 3, scalar
! source) in assignments, print lists and as arguments of other intrinsics.
program reshape_spread
  implicit none
  integer, parameter :: sh(2) = [3, 4]
  integer :: m(3, 4), k(2, 6), t(2, 3, 2), i
  real :: x(6), y(2, 3), z(2, 3, 4)
  integer :: v(4)
  m = reshape([(i, i = 1, 12)], sh)
  do i = 1, 3
    print '(4i4)', m(i, :)
  end do
  k = reshape(m, [2, 6])
  print '(6i4)', k(1, :)
  print '(6i4)', k(2, :)
  x = [1.5, 2.5, 3.5, 4.5, 5.5, 6.5]
  y = reshape(x, [2, 3])
  print '(3f6.2)', y(1, :), y(2, :)
  print '(4i4)', reshape([1, 2, 3, 4, 5], [2, 4], pad=[-1, -2])
  print *, shape(reshape(m, [12])), sum(reshape(m, [4, 3]), dim=1)
  t = reshape([(i * 10, i = 1, 12)], [2, 3, 2])
  print '(6i5)', t
  print '(12i4)', reshape(transpose(m), [12])
  v = [3, 1, 4, 1]
  print '(4i3)', spread(v, 1, 2)
  print '(4i3)', spread(v, 2, 2)
  print '(3i3)', spread(7, 1, 3)
  print *, shape(spread(m, 3, 2)), sum(spread(m, 1, 3)), shape(spread(m, 2, 5))
  z = spread(y, 3, 4)
  print '(6f6.2)', z(:, :, 4)
  y = spread(x(1:3), 1, 2) * 2.0
  print '(3f6.2)', y(1, :), y(2, :)
  print '(3i3)', spread(v(2:4), 1, 0), size(spread(v(2:4), 1, 0))
  print '(4i4)', reshape([(i, i = 1, 12)], [3, 4], order=[2, 1])
  print '(4i4)', reshape([(i, i = 1, 10)], [3, 4], [0], [2, 1])
  print '(6i4)', reshape(m, [2, 3, 2], order=[3, 1, 2])
  k = reshape(m, [2, 6], order=[2, 1])
  print '(6i4)', k
  m = reshape(spread([1, 2, 3], 2, 4) * spread([1, 10, 100, 1000], 1, 3), [3, 4])
  print '(4i6)', m
end program reshape_spread
