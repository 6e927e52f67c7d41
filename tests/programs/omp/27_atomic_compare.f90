! flags: -fopenmp
! `atomic compare` and `atomic compare capture` (OpenMP 5.1, the `==` forms), memory-order
! clauses, `fail(...)` and clause orders, under contention in target regions.
program atomic_compare
  implicit none
  integer, parameter :: n = 500
  integer :: arr(n), i, pmax, oldval, assume, newval, winner, wins(n), cnt, v
  integer :: flag, lv
  real(8) :: r
  do i = 1, n
    arr(i) = mod(i * 7919, 1009)
  end do
  pmax = 0
  ! A maximum by compare-and-swap retries.
  !$omp target teams distribute parallel do map(tofrom: pmax) map(to: arr) private(oldval, assume, newval)
  do i = 1, n
    oldval = pmax
    do
      assume = oldval
      newval = max(arr(i), assume)
      !$omp atomic compare capture
      if (pmax == assume) then
        pmax = newval
      else
        oldval = pmax
      end if
      !$omp end atomic
      if (assume == oldval) exit
    end do
  end do
  print *, pmax, maxval(arr)
  ! Only the first thread to find 0 wins.
  winner = 0
  wins = 0
  !$omp target teams distribute parallel do map(tofrom: winner, wins)
  do i = 1, n
    !$omp atomic compare seq_cst fail(relaxed)
    if (winner == 0) then
      winner = i
    end if
    !$omp end atomic
  end do
  print *, winner > 0, winner <= n
  ! The captured old value tells each thread whether it won.
  cnt = 0
  !$omp target teams distribute parallel do map(tofrom: cnt, wins) private(v)
  do i = 1, n
    !$omp atomic capture compare acquire
    v = cnt
    if (cnt == 0) then
      cnt = i
    end if
    !$omp end atomic
    if (v == 0) wins(i) = 1
  end do
  print *, sum(wins), wins(cnt)
  ! The old value captured before the if, with the clauses separated by a comma.
  flag = 0
  wins = 0
  !$omp target teams distribute parallel do map(tofrom: flag, wins) private(lv)
  do i = 1, n
    !$omp atomic compare, capture
    lv = flag
    if (flag == 0) then
      flag = 7
    end if
    !$omp end atomic
    wins(i) = lv
  end do
  print *, flag, sum(wins)
  r = 1.5d0
  !$omp target map(tofrom: r, pmax)
  !$omp atomic compare
  if (r == 1.5d0) r = 2.25d0
  !$omp atomic relaxed write
  pmax = 3
  !$omp end target
  print *, r, pmax
end program atomic_compare
