! Tests: gang-level reductions on integer (parallel loop gang reduction) for + * max min iand ior ieor;
!        several vars in one clause, several clauses, num_gangs; integer(8) + reduction
program p07_red_gang_int
  implicit none
  integer, parameter :: n = 1000
  integer(8), parameter :: big = 100000000
  integer :: i
  integer :: a(n), f(n), m(n), p(n)
  integer(8) :: la(n)
  integer :: isum, iprod, imax, imin, iandv, iorv, ieorv, icnt
  integer :: rsum, rprod, rmax, rmin, randv, rorv, reorv, rcnt
  integer :: s2, mx2, mn2
  integer(8) :: lsum, rlsum
  logical :: ok

  do i = 1, n
    a(i) = mod(i * 37, 1001) - 500
    if (mod(i, 50) == 0) then
      f(i) = 2
    else if (mod(i, 333) == 0) then
      f(i) = -1
    else
      f(i) = 1
    end if
    m(i) = 65535 - 2**mod(i, 11)
    p(i) = 2**mod(i * 7, 17)
    la(i) = a(i)
    la(i) = la(i) * big
  end do

  ! host reference values
  rsum = 10
  rprod = 3
  rmax = -huge(rmax)
  rmin = huge(rmin)
  randv = -1
  rorv = 0
  reorv = 0
  rcnt = 0
  rlsum = 0
  do i = 1, n
    rsum = rsum + a(i)
    rprod = rprod * f(i)
    rmax = max(rmax, a(i))
    rmin = min(rmin, a(i))
    randv = iand(randv, m(i))
    rorv = ior(rorv, p(i))
    reorv = ieor(reorv, i * 13)
    if (a(i) > 0) then
      rcnt = rcnt + 1
    end if
    rlsum = rlsum + la(i)
  end do

  isum = 10
  iprod = 3
  imax = -huge(imax)
  imin = huge(imin)
  iandv = -1
  iorv = 0
  ieorv = 0
  icnt = 0
  lsum = 0

  !$acc parallel loop gang reduction(+:isum) copyin(a)
  do i = 1, n
    isum = isum + a(i)
  end do

  !$acc parallel loop gang reduction(*:iprod) copyin(f)
  do i = 1, n
    iprod = iprod * f(i)
  end do

  !$acc parallel loop gang reduction(max:imax) copyin(a)
  do i = 1, n
    imax = max(imax, a(i))
  end do

  !$acc parallel loop gang reduction(min:imin) copyin(a)
  do i = 1, n
    if (a(i) < imin) then
      imin = a(i)
    end if
  end do

  !$acc parallel loop gang reduction(iand:iandv) copyin(m)
  do i = 1, n
    iandv = iand(iandv, m(i))
  end do

  !$acc parallel loop gang reduction(ior:iorv) copyin(p)
  do i = 1, n
    iorv = ior(iorv, p(i))
  end do

  !$acc parallel loop gang reduction(ieor:ieorv)
  do i = 1, n
    ieorv = ieor(ieorv, i * 13)
  end do

  !$acc parallel loop gang reduction(+:icnt, lsum) copyin(a, la)
  do i = 1, n
    if (a(i) > 0) then
      icnt = icnt + 1
    end if
    lsum = lsum + la(i)
  end do

  s2 = 0
  mx2 = -huge(mx2)
  mn2 = huge(mn2)
  !$acc parallel loop gang num_gangs(13) reduction(+:s2) reduction(max:mx2) reduction(min:mn2) copyin(a)
  do i = 1, n, 2
    s2 = s2 + a(i)
    mx2 = max(mx2, a(i))
    mn2 = min(mn2, a(i))
  end do

  print *, '+    :', isum, rsum
  print *, '*    :', iprod, rprod
  print *, 'max  :', imax, rmax
  print *, 'min  :', imin, rmin
  print *, 'iand :', iandv, randv
  print *, 'ior  :', iorv, rorv
  print *, 'ieor :', ieorv, reorv
  print *, 'count:', icnt, rcnt
  print *, 'i8 + :', lsum, rlsum
  print '(A, 3I8)', 'odd-index sum/max/min: ', s2, mx2, mn2
  ok = isum == rsum .and. iprod == rprod .and. imax == rmax .and. imin == rmin
  ok = ok .and. iandv == randv .and. iorv == rorv .and. ieorv == reorv
  ok = ok .and. icnt == rcnt .and. lsum == rlsum
  print '(A, L2)', 'all match:', ok
end program p07_red_gang_int
