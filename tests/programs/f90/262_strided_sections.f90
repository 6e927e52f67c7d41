! Strided and reversed sections in assignments, expressions, where and intrinsics:
! rank 1 and 2, negative strides, empty sections, overlapping left and right sides.
program strided_sections
  implicit none
  integer :: a(12), b(5, 6), i, j, n
  real :: r(10)
  n = 12
  a = 0
  a(1:n:2) = [(i, i = 1, 6)]
  a(12:2:-2) = a(1:11:2) * 10
  print '(12i5)', a
  a(2:12:3) = a(1:11:3) + a(3:12:3)
  print '(12i5)', a
  a(n:1:-1) = a
  print '(12i5)', a
  a(1:6) = a(2:12:2)
  print '(12i5)', a
  a(5:4) = -1
  a(3:1) = a(1:0)
  print *, sum(a(1:n:5)), size(a(n:1:-4)), maxval(a(2:n:2)), minloc(a(n:1:-3))
  do j = 1, 6
    do i = 1, 5
      b(i, j) = 10 * i + j
    end do
  end do
  b(1:5:2, 2:6:2) = -b(1:5:2, 2:6:2)
  b(2, :) = b(4, 6:1:-1)
  print '(6i5)', (b(i, :), i = 1, 5)
  print '(3i5)', b(5:1:-2, 1:6:5)
  print *, sum(b(::2, ::3)), shape(b(2:5:3, 6:1:-2)), count(b(1:5:4, :) < 0)
  r = [(real(i) / 4.0, i = 1, 10)]
  where (r(1:10:3) > 1.0) r(1:10:3) = -r(1:10:3)
  print '(10f7.2)', r
  r(10:1:-1) = r(1:10) + r(10:1:-1)
  print '(10f7.2)', r
end program strided_sections
