! An open-addressing hash table with integer keys in module arrays whose used capacity
! grows: linear probing, insertion,
! lookup, deletion with tombstones, counting probes, rehashing into a larger table when
! the load factor passes 1/2, and a word-count style tally of repeated keys.
module hashtab
  implicit none
  integer, parameter :: EMPTY = -1, TOMB = -2
  integer, parameter :: maxcap = 256
  integer :: keys(0:maxcap-1), vals(0:maxcap-1)
  integer :: cap = 0, used = 0, probes = 0
contains
  subroutine init(c)
    integer, intent(in) :: c
    cap = c
    used = 0
    keys(0:c-1) = EMPTY
    vals(0:c-1) = 0
  end subroutine init
  integer function slot_of(k)
    integer, intent(in) :: k
    slot_of = modulo(k * 40503, cap)
  end function slot_of
  subroutine put(k, v)
    integer, intent(in) :: k, v
    integer :: s, tomb_at
    if (2 * (used + 1) > cap) call rehash(2 * cap)
    s = slot_of(k)
    tomb_at = -1
    do
      probes = probes + 1
      if (keys(s) == k) then
        vals(s) = v
        return
      end if
      if (keys(s) == TOMB .and. tomb_at < 0) tomb_at = s
      if (keys(s) == EMPTY) exit
      s = mod(s + 1, cap)
    end do
    if (tomb_at >= 0) s = tomb_at
    keys(s) = k
    vals(s) = v
    used = used + 1
  end subroutine put
  integer function find(k)
    integer, intent(in) :: k
    integer :: s
    s = slot_of(k)
    find = -1
    do
      probes = probes + 1
      if (keys(s) == EMPTY) return
      if (keys(s) == k) then
        find = s
        return
      end if
      s = mod(s + 1, cap)
    end do
  end function find
  subroutine remove(k)
    integer, intent(in) :: k
    integer :: s
    s = find(k)
    if (s >= 0) then
      keys(s) = TOMB
      used = used - 1
    end if
  end subroutine remove
  subroutine rehash(newcap)
    integer, intent(in) :: newcap
    integer :: ok(0:maxcap-1), ov(0:maxcap-1)
    integer :: i, oldcap
    oldcap = cap
    ok(0:oldcap-1) = keys(0:oldcap-1); ov(0:oldcap-1) = vals(0:oldcap-1)
    call init(newcap)
    do i = 0, oldcap - 1
      if (ok(i) >= 0) call put(ok(i), ov(i))
    end do
    print '(A,I5,A,I5)', 'rehashed from', oldcap, ' to', newcap
  end subroutine rehash
end module hashtab

program hash_table
  use hashtab
  implicit none
  integer :: i, k, s, total
  call init(8)
  do i = 1, 60
    k = mod(i * i * 7, 53)
    s = find(k)
    if (s >= 0) then
      vals(s) = vals(s) + 1
    else
      call put(k, 1)
    end if
  end do
  print '(A,I4,A,I4)', 'distinct keys:', used, ' capacity:', cap
  total = 0
  do i = 0, cap - 1
    if (keys(i) >= 0) total = total + vals(i)
  end do
  print '(A,I4)', 'total count:', total
  print '(A,I4,A,I4)', 'count of key 7:', vals(find(7)), ' of key 28:', vals(find(28))
  print '(A,I4)', 'missing key 1 found at:', find(1)
  do k = 0, 52, 4
    call remove(k)
  end do
  print '(A,I4)', 'after removals:', used
  print '(A,I4)', 'removed key 28 found at:', find(28)
  call put(28, 99)
  print '(A,I4)', 'reinserted 28 value:', vals(find(28))
  print '(A,L2)', 'probes counted:', probes > 60
end program hash_table
