! Tests: intrinsics and operators inside compute regions (abs sqrt max min mod real dble int nint iand ior
!        ieor huge **, .eqv. .neqv. .not.), integer(8) and logical arrays on the device, exit/cycle in device
!        loops, formatted output I F E ES A L X
program p22_device_intrinsics
  implicit none
  integer, parameter :: n = 500
  integer :: i, j
  integer :: ia(n), ib(n), ic(n)
  integer(8) :: la(n)
  real(4) :: x(n)
  real(8) :: d(n)
  logical :: l(n), m(n)
  integer :: firstbig(n)
  integer(8) :: lsum
  real(8) :: dsum
  real(4) :: xsum
  integer :: isum, ntrue

  do i = 1, n
    ia(i) = i - 250
  end do

  !$acc parallel loop copyin(ia) copyout(ib, ic, la, x, d, l, m, firstbig)
  do i = 1, n
    ib(i) = abs(ia(i)) + mod(i, 7) * 2**3 - max(ia(i), 0) + min(ia(i), 10)
    ic(i) = ieor(iand(i, 255), ior(i, 16)) + nint(real(i) * 0.5) + int(dble(i) / 4.0d0)
    la(i) = i
    la(i) = la(i) * la(i) * la(i) * 1000
    x(i) = sqrt(real(i * i)) + real(mod(i, 4)) * 0.25
    d(i) = sqrt(dble(4 * i * i)) * 0.5d0 - dble(i) + dble(huge(i) - 2147483000)
    l(i) = (mod(i, 2) == 0) .eqv. (mod(i, 3) == 0)
    m(i) = .not. (l(i) .neqv. (i > 250))
    firstbig(i) = 0
    do j = 1, 100
      if (mod(j, 2) == 0) then
        cycle
      end if
      if (j * i > 1000) then
        firstbig(i) = j
        exit
      end if
    end do
  end do

  lsum = 0
  dsum = 0.0d0
  xsum = 0.0
  isum = 0
  ntrue = 0
  do i = 1, n
    lsum = lsum + la(i)
    dsum = dsum + d(i)
    xsum = xsum + x(i)
    isum = isum + ib(i) + ic(i) + firstbig(i)
    if (l(i) .and. m(i)) then
      ntrue = ntrue + 1
    end if
  end do

  print *, 'ib(1:5) =', ib(1), ib(2), ib(3), ib(4), ib(5)
  print *, 'ic(1:5) =', ic(1), ic(2), ic(3), ic(4), ic(5)
  print *, 'la(n) =', la(n)
  print *, 'l(1:6) =', l(1), l(2), l(3), l(4), l(5), l(6)
  print *, 'm(249:254) =', m(249), m(250), m(251), m(252), m(253), m(254)
  print *, 'firstbig(9:12), firstbig(n) =', firstbig(9), firstbig(10), firstbig(11), firstbig(12), firstbig(n)
  print '(A, I20)', 'sum(la) = ', lsum
  print '(A, F12.3, 2X, E12.5)', 'sum(d), d(1) = ', dsum, d(1)
  print '(A, ES15.7)', 'sum(x) = ', xsum
  print '(A, I8, 3X, A, I4)', 'isum =', isum, 'ntrue =', ntrue
  print '(A, 3L3)', 'l(6), m(6), l(7) =', l(6), m(6), l(7)
end program p22_device_intrinsics
