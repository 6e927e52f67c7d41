! Tests: gang-level reductions on real(8) and double precision (parallel loop gang reduction) for + * max
!        min; kernels loop reduction; exact dyadic data
program p09_red_gang_real8
  implicit none
  integer, parameter :: n = 1000
  integer :: i
  real(8) :: x(n), f(n)
  double precision :: dsum, dprod, dmax, dmin, ksum
  real(8) :: rsum, rprod, rmax, rmin, rksum
  logical :: ok

  do i = 1, n
    x(i) = dble(mod(i * 61, 997) - 498) * 0.125d0
    if (mod(i, 25) == 0) then
      f(i) = 2.0d0
    else if (mod(i, 90) == 0) then
      f(i) = 0.25d0
    else if (mod(i, 111) == 0) then
      f(i) = -1.0d0
    else
      f(i) = 1.0d0
    end if
  end do

  rsum = -2.5d0
  rprod = 1.0d0
  rmax = -huge(rmax)
  rmin = huge(rmin)
  rksum = 0.0d0
  do i = 1, n
    rsum = rsum + x(i)
    rprod = rprod * f(i)
    rmax = max(rmax, x(i))
    rmin = min(rmin, x(i))
    rksum = rksum + dble(i) * dble(i)
  end do

  dsum = -2.5d0
  dprod = 1.0d0
  dmax = -huge(dmax)
  dmin = huge(dmin)
  ksum = 0.0d0

  !$acc parallel loop gang reduction(+:dsum) copyin(x)
  do i = 1, n
    dsum = dsum + x(i)
  end do

  !$acc parallel loop gang reduction(*:dprod) copyin(f)
  do i = 1, n
    dprod = dprod * f(i)
  end do

  !$acc parallel loop gang reduction(max:dmax) copyin(x)
  do i = 1, n
    dmax = max(dmax, x(i))
  end do

  !$acc parallel loop gang reduction(min:dmin) copyin(x)
  do i = 1, n
    dmin = min(dmin, x(i))
  end do

  !$acc kernels loop gang reduction(+:ksum)
  do i = 1, n
    ksum = ksum + dble(i) * dble(i)
  end do

  print *, '+   :', dsum, rsum
  print *, '*   :', dprod, rprod
  print *, 'max :', dmax, rmax
  print *, 'min :', dmin, rmin
  print '(A, F20.3)', 'kernels sum i*i = ', ksum
  print '(A, ES22.14)', 'prod = ', dprod
  ok = dsum == rsum .and. dprod == rprod .and. dmax == rmax .and. dmin == rmin .and. ksum == rksum
  print '(A, L2)', 'all match:', ok
end program p09_red_gang_real8
