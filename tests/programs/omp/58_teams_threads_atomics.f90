! flags: -fopenmp
! Atomics between teams running on different host threads: a histogram, unique slots
! handed out by `atomic capture`, a real sum and an integer max.
program teams_threads_atomics
  implicit none
  integer, parameter :: n = 120000, nb = 12
  integer :: i, hist(nb), cnt, slot, seen(n), bad, big
  real(8) :: s
  hist = 0; cnt = 0; seen = 0; s = 0; big = 0
  !$omp target teams distribute parallel do map(tofrom: hist, cnt, seen, s, big) private(slot)
  do i = 1, n
    !$omp atomic update
    hist(mod(i * 5, nb) + 1) = hist(mod(i * 5, nb) + 1) + 1
    !$omp atomic capture
    cnt = cnt + 1
    slot = cnt
    !$omp end atomic
    seen(slot) = seen(slot) + 1
    !$omp atomic update
    s = s + 0.5d0
    !$omp atomic update
    big = max(big, mod(i * 17, 100003))
  end do
  bad = 0
  do i = 1, n
    if (seen(i) /= 1) bad = bad + 1
  end do
  print *, hist
  print *, cnt, bad, s, big
end program teams_threads_atomics
