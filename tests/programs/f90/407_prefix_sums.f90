! Prefix sums (inclusive and exclusive scans) on integer arrays: a serial scan, a
! Hillis-Steele doubling scan with array sections, a blocked two-level scan, segmented
! scans with a flag array, and stream compaction using an exclusive scan as scatter index.
program prefix_sums
  implicit none
  integer, parameter :: n = 20
  integer :: a(n), inc(n), exc(n), t(n), seg(n), out(n), i, d, nb, bs, k
  logical :: flag(n)
  integer :: bsum(5)
  integer :: starts(5) = [1, 4, 5, 11, 17]
  a = [(mod(i * 7, 11) - 3, i = 1, n)]
  print '(A,20I4)', 'a:   ', a
  inc(1) = a(1)
  do i = 2, n
    inc(i) = inc(i-1) + a(i)
  end do
  exc(1) = 0
  exc(2:n) = inc(1:n-1)
  print '(A,20I4)', 'inc: ', inc
  print '(A,20I4)', 'exc: ', exc
  ! Hillis-Steele: log2(n) steps with shifted sections
  t = a
  d = 1
  do while (d < n)
    t(d+1:n) = t(d+1:n) + t(1:n-d)
    d = 2 * d
  end do
  print '(A,L2)', 'doubling scan agrees:', all(t == inc)
  ! blocked: scan each block, scan block sums, add offsets
  bs = 4
  nb = n / bs
  t = a
  do k = 1, nb
    do i = (k-1)*bs + 2, k*bs
      t(i) = t(i) + t(i-1)
    end do
    bsum(k) = t(k*bs)
  end do
  do k = 2, nb
    bsum(k) = bsum(k) + bsum(k-1)
  end do
  do k = 2, nb
    t((k-1)*bs+1:k*bs) = t((k-1)*bs+1:k*bs) + bsum(k-1)
  end do
  print '(A,L2)', 'blocked scan agrees:', all(t == inc)
  print '(A,5I5)', 'block totals:', bsum(1:nb)
  ! segmented inclusive scan: flag marks a segment start
  flag = .false.
  do k = 1, 5
    flag(starts(k)) = .true.
  end do
  seg(1) = a(1)
  do i = 2, n
    if (flag(i)) then
      seg(i) = a(i)
    else
      seg(i) = seg(i-1) + a(i)
    end if
  end do
  print '(A,20I4)', 'seg: ', seg
  ! compaction of the positive elements
  t = merge(1, 0, a > 0)
  exc(1) = 0
  do i = 2, n
    exc(i) = exc(i-1) + t(i-1)
  end do
  out = 0
  do i = 1, n
    if (t(i) == 1) out(exc(i) + 1) = a(i)
  end do
  k = exc(n) + t(n)
  print '(A,I3)', 'positives:', k
  print '(A,20I4)', 'kept:', out(1:k)
  print '(A,L2)', 'same as pack-free count:', k == count(a > 0)
end program prefix_sums
