! Tests: atomic update (integer histogram, real(8) sum, max), atomic read, atomic write, atomic capture (both
!        statement orders) with a permutation check
program p17_atomics
  implicit none
  integer, parameter :: n = 1000, nb = 10
  integer :: i, v, w
  integer :: a(n), hist(nb), mark(nb), ticket(n), seen(n), after(n)
  integer :: wmax, cnt, cnt2, limit, big, tsum, nseen, asum
  real(8) :: x(n), s
  logical :: ok

  do i = 1, n
    a(i) = mod(i * 7, 23)
    x(i) = dble(mod(i, 16)) * 0.0625d0
    seen(i) = 0
  end do
  hist = 0
  mark = 0
  s = 0.0d0
  big = -1
  limit = 17

  ! atomic update: histogram, exact real sum, max
  !$acc parallel loop copyin(a, x) copy(hist, s, big)
  do i = 1, n
    !$acc atomic update
    hist(mod(a(i), nb) + 1) = hist(mod(a(i), nb) + 1) + 1
    !$acc atomic update
    s = s + x(i)
    !$acc atomic update
    big = max(big, a(i))
  end do

  ! atomic read of a shared value, atomic write of the same value from many iterations
  !$acc parallel loop private(v) copyin(a, limit) copy(mark) copyout(after)
  do i = 1, n
    !$acc atomic read
    v = limit
    !$acc end atomic
    if (a(i) > v) then
      !$acc atomic write
      mark(mod(i, nb) + 1) = 1
    end if
    after(i) = v - a(i)
  end do

  ! atomic capture: old value first, then increment
  cnt = 0
  !$acc parallel loop private(v) copy(cnt) copyout(ticket)
  do i = 1, n
    !$acc atomic capture
    v = cnt
    cnt = cnt + 1
    !$acc end atomic
    ticket(i) = v
  end do

  ! atomic capture: increment first, then new value
  cnt2 = 100
  tsum = 0
  wmax = 0
  !$acc parallel loop private(w) copy(cnt2, tsum, wmax) copyin(a)
  do i = 1, n
    !$acc atomic capture
    cnt2 = cnt2 + a(i)
    w = cnt2
    !$acc end atomic
    !$acc atomic update
    tsum = tsum + 1
    !$acc atomic update
    wmax = max(wmax, w)
  end do

  ! tickets must be a permutation of 0..n-1
  do i = 1, n
    seen(ticket(i) + 1) = seen(ticket(i) + 1) + 1
  end do
  ok = .true.
  nseen = 0
  do i = 1, n
    ok = ok .and. seen(i) == 1
    nseen = nseen + seen(i)
  end do
  asum = 0
  do i = 1, n
    asum = asum + after(i)
  end do

  print *, 'hist =', hist(1), hist(2), hist(3), hist(4), hist(5), hist(6), hist(7), hist(8), hist(9), hist(10)
  print '(A, F10.4)', 'atomic real sum = ', s
  print '(A, I4)', 'atomic max = ', big
  print '(A, 10I2)', 'atomic write marks: ', mark(1), mark(2), mark(3), mark(4), mark(5), &
    mark(6), mark(7), mark(8), mark(9), mark(10)
  print '(A, I8)', 'atomic read: sum(limit - a) = ', asum
  print '(A, I6, A, L2, A, I6)', 'capture: cnt =', cnt, '  permutation =', ok, '  n =', nseen
  print '(A, I8, I6, I8)', 'capture (update first): cnt2, count, max captured =', cnt2, tsum, wmax
end program p17_atomics
