! Atomics between gangs on different host threads: a histogram (atomic update), a shared
! counter captured to hand out unique slots (atomic capture), real and integer sums and a
! max through atomic update; every result is independent of the gang count.
program threads_atomics
  implicit none
  integer, parameter :: n = 200000, nb = 16
  integer :: i, hist(nb), cnt, slot, seen(n), total, big
  real(8) :: s
  integer(8) :: s8
  hist = 0; cnt = 0; seen = 0; s = 0; s8 = 0; big = -1
  !$acc parallel loop copy(hist, cnt, seen, s, s8, big) private(slot)
  do i = 1, n
    !$acc atomic update
    hist(mod(i * 7, nb) + 1) = hist(mod(i * 7, nb) + 1) + 1
    !$acc atomic capture
    cnt = cnt + 1
    slot = cnt
    !$acc end atomic
    seen(slot) = seen(slot) + 1
    !$acc atomic update
    s = s + 0.25d0
    !$acc atomic update
    s8 = s8 + int(i, 8)
    !$acc atomic update
    big = max(big, mod(i * 31, 99991))
  end do
  total = 0
  do i = 1, n
    if (seen(i) /= 1) total = total + 1
  end do
  print *, hist
  print *, cnt, total, s, s8, big
end program threads_atomics
