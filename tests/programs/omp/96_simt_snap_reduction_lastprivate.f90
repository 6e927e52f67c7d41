! flags: -fopenmp
! A small `target simd` loop with a reduction and a `lastprivate` item (its SIMT lowering
! is snapshotted after omp-expand and in PTX and GCN): the butterfly of lane exchanges,
! the vote for the lane that ran the last iteration and the broadcast of its value.
program simt_snap_reduction_lastprivate
  implicit none
  integer :: i, s, x
  integer :: a(100)
  do i = 1, 100
    a(i) = mod(i * 7, 23)
  end do
  s = 0
  x = 0
  !$omp target simd map(to: a) reduction(+:s) lastprivate(x) map(tofrom: x)
  do i = 1, 100
    s = s + a(i)
    x = a(i) * i
  end do
  print '(2i8)', s, x
end program
