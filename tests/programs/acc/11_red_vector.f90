! Tests: vector-level reductions (loop vector reduction nested in parallel loop gang, gang-private result via
!        private(...)) for + * max min on integer/real(4)/real(8), iand ior ieor on integer, .and. .or. .eqv.
!        .neqv. on logical; vector_length
program p11_red_vector
  implicit none
  integer, parameter :: nc = 133, nr = 37
  integer :: i, j
  integer :: ia(nc, nr), ifa(nc, nr)
  real(4) :: xa(nc, nr), xf(nc, nr)
  real(8) :: da(nc, nr), df(nc, nr)
  logical :: la(nc, nr)
  ! per-row device results
  integer :: isum(nr), iprd(nr), imx(nr), imn(nr), iandr(nr), iorr(nr), ieorr(nr)
  real(4) :: xsum(nr), xprd(nr), xmx(nr), xmn(nr)
  real(8) :: dsum(nr), dprd(nr), dmx(nr), dmn(nr)
  logical :: landr(nr), lorr(nr), leqvr(nr), lneqvr(nr)
  ! gang-private accumulators
  integer :: is, ip, imax, imin, iav, iov, iev
  real(4) :: xs, xp, xmax, xmin
  real(8) :: ds, dp, dmax, dmin
  logical :: lav, lov, lev, lnv
  ! host check
  integer :: ts, tp, tmax, tmin, tav, tov, tev
  real(4) :: ys, yp, ymax, ymin
  real(8) :: es, ep, emax, emin
  logical :: mav, mov, mev, mnv
  logical :: iok, xok, dok, lok
  integer :: ntrue(4), chk_i
  real(8) :: chk_x, chk_d

  do j = 1, nr
    do i = 1, nc
      ia(i, j) = mod(i * 31 + j * 17, 4096) - 2000
      if (mod(i + j, 40) == 0) then
        ifa(i, j) = 2
        xf(i, j) = 2.0
        df(i, j) = 2.0d0
      else if (mod(i * j, 61) == 0) then
        ifa(i, j) = -1
        xf(i, j) = 0.5
        df(i, j) = 0.5d0
      else if (mod(i + 2 * j, 97) == 0) then
        ifa(i, j) = -1
        xf(i, j) = -1.0
        df(i, j) = -1.0d0
      else
        ifa(i, j) = 1
        xf(i, j) = 1.0
        df(i, j) = 1.0d0
      end if
      xa(i, j) = real(mod(i * 7 + j * 13, 64) - 32) * 0.5
      da(i, j) = dble(mod(i * 11 + j * 5, 256) - 128) * 0.0625d0
      la(i, j) = (mod(j, 5) == 0) .or. (mod(i * j, 7) /= 0)
    end do
  end do

  ! ---------------- integer ----------------
  !$acc parallel loop gang vector_length(64) private(is, ip, imax, imin, iav, iov, iev) &
  !$acc& copyin(ia, ifa) copyout(isum, iprd, imx, imn, iandr, iorr, ieorr)
  do j = 1, nr
    is = 0
    !$acc loop vector reduction(+:is)
    do i = 1, nc
      is = is + ia(i, j)
    end do
    isum(j) = is

    ip = 1
    !$acc loop vector reduction(*:ip)
    do i = 1, nc
      ip = ip * ifa(i, j)
    end do
    iprd(j) = ip

    imax = -huge(imax)
    !$acc loop vector reduction(max:imax)
    do i = 1, nc
      imax = max(imax, ia(i, j))
    end do
    imx(j) = imax

    imin = huge(imin)
    !$acc loop vector reduction(min:imin)
    do i = 1, nc
      imin = min(imin, ia(i, j))
    end do
    imn(j) = imin

    iav = -1
    !$acc loop vector reduction(iand:iav)
    do i = 1, nc
      iav = iand(iav, ior(ia(i, j) + 2000, 3840))
    end do
    iandr(j) = iav

    iov = 0
    !$acc loop vector reduction(ior:iov)
    do i = 1, nc
      iov = ior(iov, 2**mod(i * j, 12))
    end do
    iorr(j) = iov

    iev = 0
    !$acc loop vector reduction(ieor:iev)
    do i = 1, nc
      iev = ieor(iev, ia(i, j) + 2000)
    end do
    ieorr(j) = iev
  end do

  ! ---------------- real(4) ----------------
  !$acc parallel loop gang private(xs, xp, xmax, xmin) copyin(xa, xf) copyout(xsum, xprd, xmx, xmn)
  do j = 1, nr
    xs = 0.0
    !$acc loop vector reduction(+:xs)
    do i = 1, nc
      xs = xs + xa(i, j)
    end do
    xsum(j) = xs

    xp = 1.0
    !$acc loop vector reduction(*:xp)
    do i = 1, nc
      xp = xp * xf(i, j)
    end do
    xprd(j) = xp

    xmax = -huge(xmax)
    !$acc loop vector reduction(max:xmax)
    do i = 1, nc
      xmax = max(xmax, xa(i, j))
    end do
    xmx(j) = xmax

    xmin = huge(xmin)
    !$acc loop vector reduction(min:xmin)
    do i = 1, nc
      xmin = min(xmin, xa(i, j))
    end do
    xmn(j) = xmin
  end do

  ! ---------------- real(8) ----------------
  !$acc parallel loop gang private(ds, dp, dmax, dmin) copyin(da, df) copyout(dsum, dprd, dmx, dmn)
  do j = 1, nr
    ds = 0.0d0
    !$acc loop vector reduction(+:ds)
    do i = 1, nc
      ds = ds + da(i, j)
    end do
    dsum(j) = ds

    dp = 1.0d0
    !$acc loop vector reduction(*:dp)
    do i = 1, nc
      dp = dp * df(i, j)
    end do
    dprd(j) = dp

    dmax = -huge(dmax)
    !$acc loop vector reduction(max:dmax)
    do i = 1, nc
      dmax = max(dmax, da(i, j))
    end do
    dmx(j) = dmax

    dmin = huge(dmin)
    !$acc loop vector reduction(min:dmin)
    do i = 1, nc
      dmin = min(dmin, da(i, j))
    end do
    dmn(j) = dmin
  end do

  ! ---------------- logical ----------------
  !$acc parallel loop gang private(lav, lov, lev, lnv) copyin(la) copyout(landr, lorr, leqvr, lneqvr)
  do j = 1, nr
    lav = .true.
    !$acc loop vector reduction(.and.:lav)
    do i = 1, nc
      lav = lav .and. la(i, j)
    end do
    landr(j) = lav

    lov = .false.
    !$acc loop vector reduction(.or.:lov)
    do i = 1, nc
      lov = lov .or. .not. la(i, j)
    end do
    lorr(j) = lov

    lev = .true.
    !$acc loop vector reduction(.eqv.:lev)
    do i = 1, nc
      lev = lev .eqv. la(i, j)
    end do
    leqvr(j) = lev

    lnv = .false.
    !$acc loop vector reduction(.neqv.:lnv)
    do i = 1, nc
      lnv = lnv .neqv. la(i, j)
    end do
    lneqvr(j) = lnv
  end do

  ! ---------------- host check ----------------
  iok = .true.
  xok = .true.
  dok = .true.
  lok = .true.
  ntrue = 0
  do j = 1, nr
    ts = 0
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
    do i = 1, nc
      ts = ts + ia(i, j)
      tp = tp * ifa(i, j)
      tmax = max(tmax, ia(i, j))
      tmin = min(tmin, ia(i, j))
      tav = iand(tav, ior(ia(i, j) + 2000, 3840))
      tov = ior(tov, 2**mod(i * j, 12))
      tev = ieor(tev, ia(i, j) + 2000)
      ys = ys + xa(i, j)
      yp = yp * xf(i, j)
      ymax = max(ymax, xa(i, j))
      ymin = min(ymin, xa(i, j))
      es = es + da(i, j)
      ep = ep * df(i, j)
      emax = max(emax, da(i, j))
      emin = min(emin, da(i, j))
      mav = mav .and. la(i, j)
      mov = mov .or. .not. la(i, j)
      mev = mev .eqv. la(i, j)
      mnv = mnv .neqv. la(i, j)
    end do
    iok = iok .and. ts == isum(j) .and. tp == iprd(j) .and. tmax == imx(j) .and. tmin == imn(j)
    iok = iok .and. tav == iandr(j) .and. tov == iorr(j) .and. tev == ieorr(j)
    xok = xok .and. ys == xsum(j) .and. yp == xprd(j) .and. ymax == xmx(j) .and. ymin == xmn(j)
    dok = dok .and. es == dsum(j) .and. ep == dprd(j) .and. emax == dmx(j) .and. emin == dmn(j)
    lok = lok .and. (mav .eqv. landr(j)) .and. (mov .eqv. lorr(j))
    lok = lok .and. (mev .eqv. leqvr(j)) .and. (mnv .eqv. lneqvr(j))
    if (landr(j)) then
      ntrue(1) = ntrue(1) + 1
    end if
    if (lorr(j)) then
      ntrue(2) = ntrue(2) + 1
    end if
    if (leqvr(j)) then
      ntrue(3) = ntrue(3) + 1
    end if
    if (lneqvr(j)) then
      ntrue(4) = ntrue(4) + 1
    end if
  end do

  chk_i = 0
  chk_x = 0.0d0
  chk_d = 0.0d0
  do j = 1, nr
    chk_i = chk_i + isum(j) + iprd(j) + imx(j) - imn(j) + iandr(j) + iorr(j) + ieorr(j)
    chk_x = chk_x + dble(xsum(j)) + dble(xprd(j)) + dble(xmx(j)) - dble(xmn(j))
    chk_d = chk_d + dsum(j) + dprd(j) + dmx(j) - dmn(j)
  end do

  print *, 'isum(1:4) =', isum(1), isum(2), isum(3), isum(4)
  print *, 'iprd(1:8) =', iprd(1), iprd(2), iprd(3), iprd(4), iprd(5), iprd(6), iprd(7), iprd(8)
  print *, 'imx(1), imn(1), iandr(1), iorr(12), ieorr(nr) =', imx(1), imn(1), iandr(1), iorr(12), ieorr(nr)
  print *, 'xsum(1), xprd(3), xmx(2), xmn(2) =', xsum(1), xprd(3), xmx(2), xmn(2)
  print *, 'dsum(1), dprd(3), dmx(2), dmn(2) =', dsum(1), dprd(3), dmx(2), dmn(2)
  print '(A, I12)', 'integer checksum = ', chk_i
  print '(A, F16.4)', 'real(4) checksum = ', chk_x
  print '(A, F16.4)', 'real(8) checksum = ', chk_d
  print '(A, 4I4)', 'rows true for and/or/eqv/neqv:', ntrue(1), ntrue(2), ntrue(3), ntrue(4)
  print '(A, 4L2)', 'match int/r4/r8/logical:', iok, xok, dok, lok
end program p11_red_vector
