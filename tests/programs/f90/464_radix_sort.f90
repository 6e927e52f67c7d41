! Non-comparison sorts on integer keys: counting sort with a prefix-summed count array
! (stable, carrying a payload), LSD radix sort in base 16 using mod and division with a
! scratch array per pass, bucket boundaries, and stability checks on equal keys.
program radix_sort
  implicit none
  integer, parameter :: n = 40
  integer :: key(n), pay(n), k2(n), p2(n), cnt(0:15), pos(0:15), i, pass, d, dv
  integer :: tmpk(n), tmpp(n)
  logical :: stable
  do i = 1, n
    key(i) = mod(i * 7919, 4096)
    pay(i) = i
  end do
  ! counting sort on the low 4 bits only (keys 0..15)
  cnt = 0
  do i = 1, n
    d = mod(key(i), 16)
    cnt(d) = cnt(d) + 1
  end do
  pos(0) = 1
  do d = 1, 15
    pos(d) = pos(d-1) + cnt(d-1)
  end do
  print '(A,16I3)', 'digit counts:', cnt
  print '(A,16I3)', 'bucket starts:', pos
  do i = 1, n
    d = mod(key(i), 16)
    k2(pos(d)) = key(i); p2(pos(d)) = pay(i)
    pos(d) = pos(d) + 1
  end do
  stable = .true.
  do i = 2, n
    if (mod(k2(i), 16) == mod(k2(i-1), 16) .and. p2(i) < p2(i-1)) stable = .false.
  end do
  print '(A,L2)', 'counting sort stable:', stable
  ! full LSD radix sort, three base-16 digits
  tmpk = key; tmpp = pay
  dv = 1
  do pass = 1, 3
    cnt = 0
    do i = 1, n
      d = mod(tmpk(i) / dv, 16)
      cnt(d) = cnt(d) + 1
    end do
    pos(0) = 1
    do d = 1, 15
      pos(d) = pos(d-1) + cnt(d-1)
    end do
    do i = 1, n
      d = mod(tmpk(i) / dv, 16)
      k2(pos(d)) = tmpk(i); p2(pos(d)) = tmpp(i)
      pos(d) = pos(d) + 1
    end do
    tmpk = k2; tmpp = p2
    dv = dv * 16
  end do
  print '(10I6)', tmpk
  print '(A,L2)', 'sorted:', all(tmpk(1:n-1) <= tmpk(2:n))
  print '(A,L2)', 'payload follows key:', all([(key(tmpp(i)) == tmpk(i), i = 1, n)])
  print '(A,I6,A,I6)', 'min', tmpk(1), ' max', tmpk(n)
  print '(A,I4)', 'payload of the smallest:', tmpp(1)
end program radix_sort
