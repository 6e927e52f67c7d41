! flags: -fopenmp
! `lastprivate` gets the value of the sequentially last iteration however the threads share
! the loop (contiguous blocks on the sim device, every n-th iteration on the GPUs): trip
! counts below, at and above the thread counts, negative steps, collapsed nests with rows
! that end inside a thread's block, and a team limited by `num_threads` (threads past it
! take no iterations).
program lane_blocks_lastprivate
  implicit none
  integer :: trips(8), t, n, i, j, x, y, z, w, a(0:3000)
  trips = [1, 3, 31, 32, 33, 65, 200, 3000]
  do i = 0, 3000
    a(i) = 3 * i + 1
  end do
  do t = 1, size(trips)
    n = trips(t)
    x = -1; y = -1; z = -1; w = -1
    !$omp target parallel do lastprivate(x) map(to: a) map(tofrom: x)
    do i = 1, n
      x = a(i) - i
    end do
    !$omp target teams distribute parallel do simd lastprivate(y) map(to: a) map(tofrom: y) &
    !$omp   num_teams(3)
    do i = n, 1, -1
      y = a(i) + i
    end do
    !$omp target parallel do lastprivate(z) num_threads(3) map(to: a) map(tofrom: z)
    do i = 0, n - 1, 2
      z = a(i) * 2
    end do
    !$omp target teams distribute parallel do collapse(2) lastprivate(w) map(to: a) &
    !$omp   map(tofrom: w) num_teams(2)
    do j = 1, 7
      do i = 1, n
        w = a(i) + 1000 * j
      end do
    end do
    print '(a, i5, 4i8)', 'trips', n, x, y, z, w
  end do
  x = 0
  !$omp target teams distribute parallel do lastprivate(x) num_teams(2)
  do x = 10, 1000, 7
  end do
  print '(a, i8)', 'loop variable', x
end program lane_blocks_lastprivate
