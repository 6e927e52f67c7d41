! Array constructors with implied do loops used to build tables: multiplication table
! rows, triangular numbers, a Pascal triangle row by row from the previous one,
! constructors mixing scalars and sections, nested implied do in initialisations and in
! output lists, and constructors passed to reductions.
program implied_do
  implicit none
  integer :: row(10), prev(10), tri(10), tab(5,5), i, j, k
  integer :: sq(6) = [(i * i, i = 1, 6)]
  integer :: pairs(12) = [((i * 10 + j, j = 1, 3), i = 1, 4)]
  real(8) :: w(8)
  print '(6I4)', sq
  print '(12I4)', pairs
  tri = [(i * (i + 1) / 2, i = 1, 10)]
  print '(10I4)', tri
  do i = 1, 5
    tab(i,:) = [(i * j, j = 1, 5)]
  end do
  print '(5I4)', ((tab(i,j), j = 1, 5), i = 1, 5)
  prev = 0
  prev(1) = 1
  do k = 1, 8
    row = 0
    row(1) = 1
    row(2:k) = [(prev(j-1) + prev(j), j = 2, k)]
    print '(8I4)', row(1:k)
    prev = row
  end do
  w = [0.5d0, (real(i, 8) / 4, i = 1, 6), 8.0d0]
  print '(8F6.2)', w
  row = [sq(6:1:-1), 0, -1, pairs(1:2)]
  print '(10I4)', row
  print '(A,I6)', 'sum of odd squares:', sum([(i * i, i = 1, 19, 2)])
  print '(A,I6)', 'max of a table:', maxval([((mod(i * j, 7), i = 1, 6), j = 1, 6)])
  print '(A,I6)', 'count:', count([(mod(i, 3) == 0, i = 1, 30)])
  print '(A,I6)', 'product:', product([(i, i = 1, 10, 3)])
  print '(A,I6)', 'size of empty:', size([(i, i = 5, 1)])
  print '(A,20I3)', 'digits:', [(mod(i, 10), i = 1, 20)]
  print '(3(A,I2,1X))', ('k=', k, k = 1, 6)
end program implied_do
