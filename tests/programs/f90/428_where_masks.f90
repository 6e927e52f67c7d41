! where/elsewhere in data-cleaning code: clipping outliers, replacing missing values
! (negative sentinels) by neighbour averages, masked divisions avoiding zero, a 2-D
! threshold classification into three classes, and mask-based statistics with count,
! sum(mask=), maxval(mask=) and merge.
program where_masks
  implicit none
  real(8) :: d(12), r(12), g(5,5), cls(5,5)
  integer :: i, j
  logical :: missing(12)
  d = [1.5d0, -1.0d0, 3.0d0, 250.0d0, 2.5d0, -1.0d0, 4.0d0, 0.0d0, -250.0d0, 6.0d0, -1.0d0, 8.0d0]
  missing = d == -1.0d0
  print '(A,I3)', 'missing:', count(missing)
  ! clip outliers to +-10 (but not the sentinels)
  where (.not. missing .and. d > 10) d = 10
  where (.not. missing .and. d < -10) d = -10
  print '(12F7.2)', d
  ! fill missing values with the mean of the non-missing ones
  where (missing) d = sum(d, mask=.not. missing) / count(.not. missing)
  print '(12F7.2)', d
  ! safe reciprocal
  where (d /= 0)
    r = 1 / d
  elsewhere
    r = 0
  end where
  print '(12F7.3)', r
  print '(A,F7.2,A,F7.2)', 'max positive:', maxval(d, mask=d > 0), ' min positive:', &
    minval(d, mask=d > 0)
  do j = 1, 5
    do i = 1, 5
      g(i,j) = (i - 3)**2 + (j - 3)**2
    end do
  end do
  where (g < 2)
    cls = 1
  elsewhere (g < 5)
    cls = 2
  elsewhere
    cls = 3
  end where
  do i = 1, 5
    print '(5F4.0)', cls(i,:)
  end do
  print '(A,3I4)', 'class sizes:', count(cls == 1), count(cls == 2), count(cls == 3)
  ! a where with several statements and a masked section
  where (g(2:4, 2:4) > 0)
    g(2:4, 2:4) = -g(2:4, 2:4)
    cls(2:4, 2:4) = 0
  end where
  print '(A,F7.1,A,F5.1)', 'sum g:', sum(g), ' sum cls:', sum(cls)
  print '(5F6.1)', (merge(g(i,:), 99.0d0, cls(i,:) > 0), i = 1, 5)
end program where_masks
