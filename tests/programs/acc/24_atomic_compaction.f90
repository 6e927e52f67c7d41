! Tests: atomic capture for stream compaction (order-independent check), atomic update on real(4) and integer
!        inside collapse(2) and kernels loops, atomic write in serial, atomic read inside kernels
program p24_atomic_compaction
  implicit none
  integer, parameter :: n = 1000, nx = 37, ny = 29, nb = 8
  integer :: i, j, pos, v
  integer :: a(n), packed(n), seenflag(n)
  integer :: grid(nx, ny), bins(nb)
  integer :: npacked, psum, rsum, nflag, flagval, readsum
  real(4) :: rs

  do i = 1, n
    a(i) = mod(i * 37, 101)
    packed(i) = 0
    seenflag(i) = 0
  end do
  do j = 1, ny
    do i = 1, nx
      grid(i, j) = mod(i * j, 17)
    end do
  end do
  bins = 0
  rs = 0.0

  ! compaction: every element with a(i) > 60 gets a unique slot
  npacked = 0
  !$acc parallel loop private(pos) copyin(a) copy(npacked, packed)
  do i = 1, n
    if (a(i) > 60) then
      !$acc atomic capture
      npacked = npacked + 1
      pos = npacked
      !$acc end atomic
      packed(pos) = i
    end if
  end do

  ! histogram over a 2-D grid with collapse(2) + atomic update, real(4) atomic sum
  !$acc parallel loop collapse(2) copyin(grid) copy(bins, rs)
  do j = 1, ny
    do i = 1, nx
      !$acc atomic update
      bins(mod(grid(i, j), nb) + 1) = bins(mod(grid(i, j), nb) + 1) + 1
      !$acc atomic update
      rs = rs + real(grid(i, j)) * 0.5
    end do
  end do

  ! atomic write inside serial, atomic read inside kernels
  flagval = 0
  !$acc serial copy(flagval)
  !$acc atomic write
  flagval = 3
  !$acc end serial
  readsum = 0
  !$acc kernels copyin(flagval, a) copy(readsum)
  !$acc loop independent private(v)
  do i = 1, n
    !$acc atomic read
    v = flagval
    !$acc atomic update
    readsum = readsum + v * a(i)
  end do
  !$acc end kernels

  ! order-independent check of the compaction
  psum = 0
  nflag = 0
  do i = 1, npacked
    psum = psum + packed(i)
    seenflag(packed(i)) = 1
  end do
  rsum = 0
  do i = 1, n
    if (a(i) > 60) then
      rsum = rsum + i
      nflag = nflag + seenflag(i)
    end if
  end do

  print *, 'npacked =', npacked
  print '(A, I8, I8, I6)', 'sum of packed indices, expected, flagged = ', psum, rsum, nflag
  print *, 'bins =', bins(1), bins(2), bins(3), bins(4), bins(5), bins(6), bins(7), bins(8)
  print '(A, F10.2)', 'atomic real(4) sum = ', rs
  print '(A, I3, A, I8)', 'flagval =', flagval, '  readsum =', readsum
end program p24_atomic_compaction
