! Reductions with dim= and mask= on data tables: per-station and per-day sums, means and
! extremes of an integer measurement table, locations of maxima (maxloc with dim= and
! mask=), any/all per row, counts above thresholds, and product over small columns.
program reductions_dim
  implicit none
  integer, parameter :: ns = 4, nd = 7
  integer :: t(ns, nd), i, j, colsum(nd), rowsum(ns), hot(ns), loc(nd)
  logical :: ok(ns)
  do j = 1, nd
    do i = 1, ns
      t(i,j) = mod(i * 13 + j * 7 + i * j, 19) - 4
    end do
  end do
  do i = 1, ns
    print '(7I4)', t(i,:)
  end do
  rowsum = sum(t, dim=2)
  colsum = sum(t, dim=1)
  print '(A,4I5)', 'per station:', rowsum
  print '(A,7I4)', 'per day:', colsum
  print '(A,4I4)', 'station max:', maxval(t, dim=2)
  print '(A,7I4)', 'day min:', minval(t, dim=1)
  print '(A,4I4)', 'day of max:', maxloc(t, dim=2)
  loc = minloc(t, dim=1)
  print '(A,7I4)', 'station of min:', loc
  hot = count(t > 8, dim=2)
  print '(A,4I4)', 'hot days:', hot
  ok = all(t >= -4, dim=2)
  print '(A,4L2)', 'all valid:', ok
  print '(A,7L2)', 'any negative:', any(t < 0, dim=1)
  print '(A,4I5)', 'positive sums:', sum(t, dim=2, mask=t > 0)
  print '(A,7I4)', 'max of evens:', maxval(t, dim=1, mask=mod(t, 2) == 0)
  print '(A,2I3)', 'overall max at:', maxloc(t)
  print '(A,2I3)', 'max below 10 at:', maxloc(t, mask=t < 10)
  print '(A,I8)', 'product of column 2:', product(t(:,2))
  print '(A,4I8)', 'row products (no zeros):', product(t, dim=2, mask=t /= 0)
  print '(A,F8.3)', 'mean:', real(sum(t), 8) / size(t)
  print '(A,I4)', 'days all stations above 0:', count(all(t > 0, dim=1))
end program reductions_dim
