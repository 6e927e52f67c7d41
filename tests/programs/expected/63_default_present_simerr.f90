! default(present): arrays without a data clause must already be present (not copied); on the
! sim device an absent one is a run-time error that names it and the construct.
program default_present_simerr
  implicit none
  integer :: a(8), b(8), i
  a = [(i, i = 1, 8)]
  b = 0
  !$acc enter data copyin(a)
  !$acc parallel loop default(present)
  do i = 1, 8
    a(i) = a(i) * 10
  end do
  ! Not copied back: a is present, the host copy keeps its values until the copy-out.
  print '(8i5)', a
  !$acc exit data copyout(a)
  print '(8i5)', a
  !$acc parallel loop default(present)
  do i = 1, 8
    b(i) = i
  end do
  print '(8i5)', b
end program default_present_simerr
