! flags: -fopenmp
! A small `simd` loop with an `ordered simd` construct in a `target` region (its SIMT
! lowering is snapshotted after omp-expand and in PTX and GCN): the lanes take turns in
! a vote loop, so the running sum is the sequential one.
program simt_snap_ordered
  implicit none
  integer :: i, run
  integer :: a(60), p(60)
  do i = 1, 60
    a(i) = mod(i * 11, 17)
  end do
  run = 0
  !$omp target map(to: a) map(tofrom: run) map(from: p)
  !$omp simd
  do i = 1, 60
    !$omp ordered simd
    run = run + a(i)
    p(i) = run
    !$omp end ordered
  end do
  !$omp end target
  print '(i6)', run
  print '(10i5)', p(51:60)
end program
