! flags: -fopenmp
! `schedule(static)` without a chunk size: each thread of the team gets at most one chunk
! of consecutive iterations, the chunks in thread order, so the thread number of each
! iteration never decreases along the loop (the sim device's contiguous blocks; one thread
! on the host device). Also with `num_threads` below the device's thread count, where the
! surplus threads take nothing, and `simd` loops nested in `distribute` with reductions.
program static_schedule_blocks
  use omp_lib
  implicit none
  integer, parameter :: n = 1000
  integer :: tn(n), v(n), i, j, s, mx, trips(5), t, m
  logical :: ordered_ok, few_ok, all_ok
  trips = [1, 7, 64, 333, n]
  ordered_ok = .true.
  few_ok = .true.
  all_ok = .true.
  do t = 1, size(trips)
    m = trips(t)
    tn = -1
    v = 0
    !$omp target parallel do schedule(static) map(tofrom: tn, v)
    do i = 1, m
      tn(i) = omp_get_thread_num()
      v(i) = v(i) + i
    end do
    ordered_ok = ordered_ok .and. all(tn(2:m) >= tn(1:m - 1))
    all_ok = all_ok .and. all(v(1:m) == [(i, i = 1, m)]) .and. all(tn(1:m) >= 0)
    tn = -1
    !$omp target parallel do schedule(static) num_threads(3) map(tofrom: tn, v)
    do i = m, 1, -1
      tn(i) = omp_get_thread_num()
      v(i) = v(i) - i
    end do
    ordered_ok = ordered_ok .and. all(tn(1:m - 1) >= tn(2:m))
    few_ok = few_ok .and. maxval(tn(1:m)) <= 2 .and. minval(tn(1:m)) >= 0
    all_ok = all_ok .and. all(v == 0)
  end do
  print *, 'thread order', ordered_ok, ' team size', few_ok, ' coverage', all_ok

  s = 0
  mx = 0
  !$omp target teams distribute reduction(+:s) reduction(max:mx) num_teams(3) map(to: trips)
  do j = 1, 40
    !$omp simd reduction(+:s) reduction(max:mx)
    do i = 1, j * 3
      s = s + i
      mx = max(mx, i * j)
    end do
  end do
  print *, 'simd', s, mx
end program static_schedule_blocks
