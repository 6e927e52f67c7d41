! Tests: combined gang vector reductions (parallel loop gang vector reduction) for + * max min on
!        integer/real(4)/real(8), iand ior ieor on integer, .and. .or. .eqv. .neqv. on logical; several
!        reduction clauses on one construct; gang worker vector reduction; loop gang vector reduction inside
!        parallel
program p13_red_gang_vector
  implicit none
  integer, parameter :: n = 2049
  integer :: i
  integer :: ia(n), ifa(n)
  real(4) :: xa(n), xf(n)
  real(8) :: da(n), df(n)
  logical :: la(n)
  integer :: is, ip, imax, imin, iav, iov, iev
  real(4) :: xs, xp, xmax, xmin
  real(8) :: ds, dp, dmax, dmin
  logical :: lav, lov, lev, lnv
  integer :: ts, tp, tmax, tmin, tav, tov, tev
  real(4) :: ys, yp, ymax, ymin
  real(8) :: es, ep, emax, emin
  logical :: mav, mov, mev, mnv
  integer :: gwv
  real(8) :: psum

  do i = 1, n
    ia(i) = mod(i * 523, 2011) - 1000
    if (mod(i, 97) == 0) then
      ifa(i) = 2
      xf(i) = 2.0
      df(i) = 4.0d0
    else if (mod(i, 301) == 0) then
      ifa(i) = -1
      xf(i) = -0.5
      df(i) = -0.25d0
    else
      ifa(i) = 1
      xf(i) = 1.0
      df(i) = 1.0d0
    end if
    xa(i) = real(ia(i)) * 0.5
    da(i) = dble(ia(i)) * 0.125d0
    la(i) = mod(i, 5) /= 3
  end do

  is = 1
  ip = 1
  imax = -huge(imax)
  imin = huge(imin)
  iav = -1
  iov = 0
  iev = 0
  !$acc parallel loop gang vector reduction(+:is) reduction(*:ip) reduction(max:imax) reduction(min:imin) &
  !$acc & reduction(iand:iav) reduction(ior:iov) reduction(ieor:iev) copyin(ia, ifa)
  do i = 1, n
    is = is + ia(i)
    ip = ip * ifa(i)
    imax = max(imax, ia(i))
    imin = min(imin, ia(i))
    iav = iand(iav, ior(ia(i) + 1000, 1024))
    iov = ior(iov, ia(i) + 1000)
    iev = ieor(iev, ia(i) + 1000)
  end do

  xs = 0.0
  xp = 1.0
  xmax = -huge(xmax)
  xmin = huge(xmin)
  !$acc parallel loop gang vector vector_length(128) reduction(+:xs) reduction(*:xp) &
  !$acc reduction(max:xmax) reduction(min:xmin) copyin(xa, xf)
  do i = 1, n
    xs = xs + xa(i)
    xp = xp * xf(i)
    xmax = max(xmax, xa(i))
    xmin = min(xmin, xa(i))
  end do

  ds = 0.0d0
  dp = 1.0d0
  dmax = -huge(dmax)
  dmin = huge(dmin)
  !$acc parallel loop gang vector reduction(+:ds) reduction(*:dp) reduction(max:dmax) reduction(min:dmin) copyin(da, df)
  do i = 1, n
    ds = ds + da(i)
    dp = dp * df(i)
    dmax = max(dmax, da(i))
    dmin = min(dmin, da(i))
  end do

  lav = .true.
  lov = .false.
  lev = .true.
  lnv = .false.
  !$acc parallel loop gang vector reduction(.and.:lav) reduction(.or.:lov) &
  !$acc reduction(.eqv.:lev) reduction(.neqv.:lnv) copyin(la)
  do i = 1, n
    lav = lav .and. la(i)
    lov = lov .or. la(i)
    lev = lev .eqv. la(i)
    lnv = lnv .neqv. la(i)
  end do

  ! gang worker vector on one loop
  gwv = 0
  !$acc parallel loop gang worker vector num_workers(2) vector_length(32) reduction(+:gwv) copyin(ia)
  do i = 1, n
    gwv = gwv + abs(ia(i))
  end do

  ! loop gang vector reduction inside a parallel construct
  psum = 0.0d0
  !$acc parallel copyin(da) reduction(+:psum)
  !$acc loop gang vector reduction(+:psum)
  do i = 1, n
    psum = psum + da(i) * da(i)
  end do
  !$acc end parallel

  ts = 1
  tp = 1
  tmax = -huge(tmax)
  tmin = huge(tmin)
  tav = -1
  tov = 0
  tev = 0
  ys = 0.0
  yp = 1.0
  ymax = -huge(ymax)
  ymin = huge(ymin)
  es = 0.0d0
  ep = 1.0d0
  emax = -huge(emax)
  emin = huge(emin)
  mav = .true.
  mov = .false.
  mev = .true.
  mnv = .false.
  do i = 1, n
    ts = ts + ia(i)
    tp = tp * ifa(i)
    tmax = max(tmax, ia(i))
    tmin = min(tmin, ia(i))
    tav = iand(tav, ior(ia(i) + 1000, 1024))
    tov = ior(tov, ia(i) + 1000)
    tev = ieor(tev, ia(i) + 1000)
    ys = ys + xa(i)
    yp = yp * xf(i)
    ymax = max(ymax, xa(i))
    ymin = min(ymin, xa(i))
    es = es + da(i)
    ep = ep * df(i)
    emax = max(emax, da(i))
    emin = min(emin, da(i))
    mav = mav .and. la(i)
    mov = mov .or. la(i)
    mev = mev .eqv. la(i)
    mnv = mnv .neqv. la(i)
  end do

  print *, 'int  + * max min:', is, ip, imax, imin
  print *, 'int  iand ior ieor:', iav, iov, iev
  print *, 'r4   + * max min:', xs, xp, xmax, xmin
  print *, 'r8   + * max min:', ds, dp, dmax, dmin
  print *, 'log  and or eqv neqv:', lav, lov, lev, lnv
  print '(A, I10)', 'gang worker vector sum |ia| = ', gwv
  print '(A, F18.6)', 'loop gang vector sum da**2 = ', psum
  print '(A, 4L2)', 'match int/r4/r8/logical:', &
    is == ts .and. ip == tp .and. imax == tmax .and. imin == tmin .and. iav == tav .and. iov == tov .and. iev == tev, &
    xs == ys .and. xp == yp .and. xmax == ymax .and. xmin == ymin, &
    ds == es .and. dp == ep .and. dmax == emax .and. dmin == emin, &
    (lav .eqv. mav) .and. (lov .eqv. mov) .and. (lev .eqv. mev) .and. (lnv .eqv. mnv)
end program p13_red_gang_vector
