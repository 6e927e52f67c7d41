! A binary min-heap in a module with integer keys and payloads: push with sift-up, pop
! with sift-down, heap sort of a data set, k smallest elements, and an event simulation
! that processes timed events in order while scheduling new ones.
module heap_mod
  implicit none
  integer, parameter :: hcap = 64
  integer :: hkey(hcap), hval(hcap), hn = 0
contains
  subroutine hpush(k, v)
    integer, intent(in) :: k, v
    integer :: i, p, t
    hn = hn + 1
    hkey(hn) = k; hval(hn) = v
    i = hn
    do while (i > 1)
      p = i / 2
      if (hkey(p) <= hkey(i)) exit
      t = hkey(p); hkey(p) = hkey(i); hkey(i) = t
      t = hval(p); hval(p) = hval(i); hval(i) = t
      i = p
    end do
  end subroutine hpush
  subroutine hpop(k, v)
    integer, intent(out) :: k, v
    integer :: i, c, t
    k = hkey(1); v = hval(1)
    hkey(1) = hkey(hn); hval(1) = hval(hn)
    hn = hn - 1
    i = 1
    do
      c = 2 * i
      if (c > hn) exit
      if (c < hn) then
        if (hkey(c+1) < hkey(c)) c = c + 1
      end if
      if (hkey(i) <= hkey(c)) exit
      t = hkey(c); hkey(c) = hkey(i); hkey(i) = t
      t = hval(c); hval(c) = hval(i); hval(i) = t
      i = c
    end do
  end subroutine hpop
end module heap_mod

program heap_queue
  use heap_mod
  implicit none
  integer :: data(20), sorted(20), i, k, v, t, processed
  data = [(mod(i * 47 + 13, 101), i = 1, 20)]
  do i = 1, 20
    call hpush(data(i), i)
  end do
  do i = 1, 20
    call hpop(sorted(i), v)
  end do
  print '(20I4)', sorted
  print '(A,L2)', 'sorted:', all(sorted(1:19) <= sorted(2:20))
  do i = 1, 20
    call hpush(-data(i), i)
  end do
  print '(A)', 'five largest (value, position):'
  do i = 1, 5
    call hpop(k, v)
    print '(2I5)', -k, v
  end do
  hn = 0
  ! events: key = time, value = event id; event id e schedules e+3 at time+e when e < 10
  call hpush(0, 1)
  call hpush(2, 2)
  processed = 0
  do while (hn > 0)
    call hpop(t, v)
    processed = processed + 1
    print '(A,I4,A,I3)', 't=', t, ' event', v
    if (v < 10) call hpush(t + v, v + 3)
  end do
  print '(A,I3)', 'processed:', processed
end program heap_queue
