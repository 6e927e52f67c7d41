! Tests: worker-level reductions (loop worker reduction nested in parallel loop gang, gang-private result)
!        for + * max min on integer/real(4)/real(8), iand ior ieor on integer, .and. .or. .eqv. .neqv. on
!        logical; num_workers; gang+worker+vector nested reduction of one variable (3-deep, reduction on
!        worker and vector loops)
program p12_red_worker
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
  ! 3-deep gang/worker/vector nested reduction
  integer, parameter :: n1 = 45, n2 = 9, n3 = 11
  integer :: k, t3
  integer :: c3(n1, n2, n3), tot(n3), ref3(n3)
  real(8) :: dm(n3), dref(n3), dt3

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
  !$acc parallel loop gang num_workers(4) private(is, ip, imax, imin, iav, iov, iev) &
  !$acc& copyin(ia, ifa) copyout(isum, iprd, imx, imn, iandr, iorr, ieorr)
  do j = 1, nr
    is = 0
    !$acc loop worker reduction(+:is)
    do i = 1, nc
      is = is + ia(i, j)
    end do
    isum(j) = is

    ip = 1
    !$acc loop worker reduction(*:ip)
    do i = 1, nc
      ip = ip * ifa(i, j)
    end do
    iprd(j) = ip

    imax = -huge(imax)
    !$acc loop worker reduction(max:imax)
    do i = 1, nc
      imax = max(imax, ia(i, j))
    end do
    imx(j) = imax

    imin = huge(imin)
    !$acc loop worker reduction(min:imin)
    do i = 1, nc
      imin = min(imin, ia(i, j))
    end do
    imn(j) = imin

    iav = -1
    !$acc loop worker reduction(iand:iav)
    do i = 1, nc
      iav = iand(iav, ior(ia(i, j) + 2000, 3840))
    end do
    iandr(j) = iav

    iov = 0
    !$acc loop worker reduction(ior:iov)
    do i = 1, nc
      iov = ior(iov, 2**mod(i * j, 12))
    end do
    iorr(j) = iov

    iev = 0
    !$acc loop worker reduction(ieor:iev)
    do i = 1, nc
      iev = ieor(iev, ia(i, j) + 2000)
    end do
    ieorr(j) = iev
  end do

  ! ---------------- real(4) ----------------
  !$acc parallel loop gang private(xs, xp, xmax, xmin) copyin(xa, xf) copyout(xsum, xprd, xmx, xmn)
  do j = 1, nr
    xs = 0.0
    !$acc loop worker reduction(+:xs)
    do i = 1, nc
      xs = xs + xa(i, j)
    end do
    xsum(j) = xs

    xp = 1.0
    !$acc loop worker reduction(*:xp)
    do i = 1, nc
      xp = xp * xf(i, j)
    end do
    xprd(j) = xp

    xmax = -huge(xmax)
    !$acc loop worker reduction(max:xmax)
    do i = 1, nc
      xmax = max(xmax, xa(i, j))
    end do
    xmx(j) = xmax

    xmin = huge(xmin)
    !$acc loop worker reduction(min:xmin)
    do i = 1, nc
      xmin = min(xmin, xa(i, j))
    end do
    xmn(j) = xmin
  end do

  ! ---------------- real(8) ----------------
  !$acc parallel loop gang private(ds, dp, dmax, dmin) copyin(da, df) copyout(dsum, dprd, dmx, dmn)
  do j = 1, nr
    ds = 0.0d0
    !$acc loop worker reduction(+:ds)
    do i = 1, nc
      ds = ds + da(i, j)
    end do
    dsum(j) = ds

    dp = 1.0d0
    !$acc loop worker reduction(*:dp)
    do i = 1, nc
      dp = dp * df(i, j)
    end do
    dprd(j) = dp

    dmax = -huge(dmax)
    !$acc loop worker reduction(max:dmax)
    do i = 1, nc
      dmax = max(dmax, da(i, j))
    end do
    dmx(j) = dmax

    dmin = huge(dmin)
    !$acc loop worker reduction(min:dmin)
    do i = 1, nc
      dmin = min(dmin, da(i, j))
    end do
    dmn(j) = dmin
  end do

  ! ---------------- logical ----------------
  !$acc parallel loop gang private(lav, lov, lev, lnv) copyin(la) copyout(landr, lorr, leqvr, lneqvr)
  do j = 1, nr
    lav = .true.
    !$acc loop worker reduction(.and.:lav)
    do i = 1, nc
      lav = lav .and. la(i, j)
    end do
    landr(j) = lav

    lov = .false.
    !$acc loop worker reduction(.or.:lov)
    do i = 1, nc
      lov = lov .or. .not. la(i, j)
    end do
    lorr(j) = lov

    lev = .true.
    !$acc loop worker reduction(.eqv.:lev)
    do i = 1, nc
      lev = lev .eqv. la(i, j)
    end do
    leqvr(j) = lev

    lnv = .false.
    !$acc loop worker reduction(.neqv.:lnv)
    do i = 1, nc
      lnv = lnv .neqv. la(i, j)
    end do
    lneqvr(j) = lnv
  end do

  ! ---------------- gang / worker / vector nest ----------------
  do k = 1, n3
    do j = 1, n2
      do i = 1, n1
        c3(i, j, k) = mod(i * j + k * 3, 50) - 20
      end do
    end do
  end do
  !$acc parallel loop gang num_gangs(4) num_workers(3) vector_length(32) private(t3, dt3) &
  !$acc copyin(c3) copyout(tot, dm)
  do k = 1, n3
    t3 = 100
    !$acc loop worker reduction(+:t3)
    do j = 1, n2
      !$acc loop vector reduction(+:t3)
      do i = 1, n1
        t3 = t3 + c3(i, j, k)
      end do
    end do
    tot(k) = t3
    dt3 = -huge(dt3)
    !$acc loop worker reduction(max:dt3)
    do j = 1, n2
      !$acc loop vector reduction(max:dt3)
      do i = 1, n1
        dt3 = max(dt3, dble(c3(i, j, k)) * 0.5d0 - dble(j * k))
      end do
    end do
    dm(k) = dt3
  end do
  do k = 1, n3
    ref3(k) = 100
    dref(k) = -huge(dt3)
    do j = 1, n2
      do i = 1, n1
        ref3(k) = ref3(k) + c3(i, j, k)
        dref(k) = max(dref(k), dble(c3(i, j, k)) * 0.5d0 - dble(j * k))
      end do
    end do
  end do
  print *, 'nested gwv tot =', tot(1), tot(2), tot(3), tot(4), tot(5), tot(6), tot(7), tot(8), tot(9), tot(10), tot(11)
  print '(A, 11F6.1)', 'nested gwv max = ', dm(1), dm(2), dm(3), dm(4), dm(5), dm(6), dm(7), dm(8), dm(9), dm(10), dm(11)
  lok = .true.
  do k = 1, n3
    lok = lok .and. tot(k) == ref3(k) .and. dm(k) == dref(k)
  end do
  print '(A, L2)', 'nested gwv match:', lok

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
end program p12_red_worker
