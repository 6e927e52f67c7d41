! Tests: gang-level reductions on real(4) (parallel loop gang reduction) for + * max min with exactly
!        representable data; reduction into value initialised to non-identity
program p08_red_gang_real4
  implicit none
  integer, parameter :: n = 1000
  integer :: i
  real(4) :: x(n), f(n)
  real(4) :: xsum, xprod, xmax, xmin
  real(4) :: rsum, rprod, rmax, rmin
  real :: s2
  logical :: ok

  do i = 1, n
    x(i) = real(mod(i * 37, 1001) - 500) * 0.25
    if (mod(i, 50) == 0) then
      f(i) = 2.0
    else if (mod(i, 70) == 0) then
      f(i) = 0.5
    else if (mod(i, 333) == 0) then
      f(i) = -1.0
    else
      f(i) = 1.0
    end if
  end do

  rsum = 1.5
  rprod = 3.0
  rmax = -huge(rmax)
  rmin = huge(rmin)
  do i = 1, n
    rsum = rsum + x(i)
    rprod = rprod * f(i)
    rmax = max(rmax, x(i))
    rmin = min(rmin, x(i))
  end do

  xsum = 1.5
  xprod = 3.0
  xmax = -huge(xmax)
  xmin = huge(xmin)

  !$acc parallel loop gang reduction(+:xsum) copyin(x)
  do i = 1, n
    xsum = xsum + x(i)
  end do

  !$acc parallel loop gang reduction(*:xprod) copyin(f)
  do i = 1, n
    xprod = xprod * f(i)
  end do

  !$acc parallel loop gang reduction(max:xmax) copyin(x)
  do i = 1, n
    xmax = max(xmax, x(i))
  end do

  !$acc parallel loop gang reduction(min:xmin) copyin(x)
  do i = 1, n
    if (x(i) < xmin) then
      xmin = x(i)
    end if
  end do

  s2 = 0.0
  !$acc parallel loop gang num_gangs(5) reduction(+:s2) copyin(x)
  do i = 1, n
    s2 = s2 + abs(x(i)) * 2.0
  end do

  print *, '+   :', xsum, rsum
  print *, '*   :', xprod, rprod
  print *, 'max :', xmax, rmax
  print *, 'min :', xmin, rmin
  print '(A, F12.3)', 'sum |x|*2 = ', s2
  print '(A, ES14.6, 1X, E14.6)', 'sum, prod (E formats): ', xsum, xprod
  ok = xsum == rsum .and. xprod == rprod .and. xmax == rmax .and. xmin == rmin
  print '(A, L2)', 'all match:', ok
end program p08_red_gang_real4
