! Array sections with negative and non-unit strides: reversing arrays in one assignment,
! reversed sections on both sides, overlapping assignments (the right side is evaluated
! first), every other element backwards, 2-D sections with a reversed dimension, and
! sum/maxval/count on strided sections.
program negative_strides
  implicit none
  integer :: a(10), b(10), m(4,5), i, j
  a = [(i, i = 1, 10)]
  b = a(10:1:-1)
  print '(10I3)', b
  b(1:5) = a(9:1:-2)
  print '(10I3)', b
  a(10:6:-1) = a(1:5)
  print '(10I3)', a
  a = [(i * i, i = 1, 10)]
  a(2:10) = a(1:9)
  print '(10I4)', a
  a = [(i, i = 1, 10)]
  a(1:9) = a(2:10)
  print '(10I3)', a
  a = [(i, i = 1, 10)]
  a = a(10:1:-1)
  print '(10I3)', a
  a(1:10:3) = -a(10:1:-3)
  print '(10I3)', a
  print '(A,I4,A,I4,A,I3)', 'sum(a(10:1:-2))', sum(a(10:1:-2)), ' maxval(a(9:1:-4))', &
    maxval(a(9:1:-4)), ' count', count(a(10:2:-2) > 3)
  print '(A,I3)', 'size(a(10:1:-3))', size(a(10:1:-3))
  print '(A,I3)', 'empty size', size(a(1:10:-1))
  do j = 1, 5
    do i = 1, 4
      m(i,j) = 10 * i + j
    end do
  end do
  print '(5I4)', (m(i, 5:1:-1), i = 1, 4)
  m(4:1:-1, :) = m(1:4, :)
  print '(5I4)', (m(i,:), i = 1, 4)
  m(:, 1:5:2) = m(:, 5:1:-2) + 100
  print '(5I4)', (m(i,:), i = 1, 4)
  print '(A,3I5)', 'row sums reversed:', (sum(m(i, 5:1:-1)), i = 4, 2, -1)
  do i = 10, 1, -3
    a(i) = i
  end do
  print '(10I3)', a
end program negative_strides
