! Every iteration of a partitioned loop runs exactly once, whatever the trip count against
! the number of threads (the sim device gives each lane a contiguous block, the GPUs every
! n-th iteration): trip counts around multiples of 32 and 64, empty ones, fewer iterations
! than lanes, negative and non-unit steps, at the vector, worker and gang levels and their
! combinations, with several gang, worker and vector counts.
program lane_blocks_coverage
  implicit none
  integer, parameter :: nmax = 30000
  integer :: hit(nmax), trips(14), steps(4), t, s, n, i, lo, hi, st, total, bad, chk
  trips = [0, 1, 2, 5, 31, 32, 33, 63, 64, 65, 100, 129, 1000, 4099]
  steps = [1, -1, 3, -7]
  total = 0
  bad = 0
  chk = 0
  do s = 1, size(steps)
    do t = 1, size(trips)
      n = trips(t)
      st = steps(s)
      if (st > 0) then
        lo = 1
        hi = 1 + (n - 1) * st
      else
        lo = 1 + (n - 1) * (-st)
        hi = 1
      end if
      if (n == 0) hi = lo - st
      hit = 0
      !$acc parallel loop vector vector_length(32) copy(hit)
      do i = lo, hi, st
        hit(i) = hit(i) + 1
      end do
      call tally(1)
      hit = 0
      !$acc parallel loop gang vector num_gangs(3) vector_length(64) copy(hit)
      do i = lo, hi, st
        hit(i) = hit(i) + 1
      end do
      call tally(2)
      hit = 0
      !$acc parallel loop worker vector num_workers(3) vector_length(32) copy(hit)
      do i = lo, hi, st
        hit(i) = hit(i) + 1
      end do
      call tally(3)
      hit = 0
      !$acc parallel loop gang worker num_gangs(2) num_workers(4) copy(hit)
      do i = lo, hi, st
        hit(i) = hit(i) + 1
      end do
      call tally(4)
      hit = 0
      !$acc parallel loop gang worker vector num_gangs(5) num_workers(2) vector_length(32) copy(hit)
      do i = lo, hi, st
        hit(i) = hit(i) + 1
      end do
      call tally(5)
    end do
  end do
  print '(a, i8, a, i6, a, i12)', 'iterations', total, ' bad', bad, ' check', chk
contains
  subroutine tally(form)
    integer, intent(in) :: form
    integer :: j, c
    c = 0
    do j = 1, nmax
      if (hit(j) > 1) bad = bad + 1
      c = c + hit(j)
      chk = mod(chk * 7 + hit(j) * j * form, 1000003)
    end do
    if (c /= n) then
      print '(a, 4i6)', 'wrong count', form, st, n, c
      bad = bad + 1
    end if
    total = total + c
  end subroutine tally
end program lane_blocks_coverage
