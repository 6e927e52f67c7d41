! Summation algorithms on data whose exact sum is known: naive left-to-right summation in
! real(4) losing small terms, Kahan compensated summation recovering them, pairwise
! (recursive) summation, summation in real(8) as a reference, and sorting by magnitude
! before summing; results compared as exact equalities of powers of two.
program summation
  implicit none
  integer, parameter :: n = 4097
  real(4) :: x(n), naive, kahan, c, y, t
  real(8) :: ref
  integer :: i
  ! one large term followed by many small ones that vanish when added one by one
  x(1) = 2.0**24
  x(2:n) = 1.0
  naive = 0
  do i = 1, n
    naive = naive + x(i)
  end do
  kahan = 0; c = 0
  do i = 1, n
    y = x(i) - c
    t = kahan + y
    c = (t - kahan) - y
    kahan = t
  end do
  ref = 0
  do i = 1, n
    ref = ref + x(i)
  end do
  print '(A,F14.1)', 'naive real(4):   ', naive
  print '(A,F14.1)', 'kahan real(4):   ', kahan
  print '(A,F14.1)', 'pairwise real(4):', pairwise(1, n)
  print '(A,F14.1)', 'real(8):         ', ref
  print '(A,L2)', 'naive lost the small terms:', naive == 2.0**24
  print '(A,L2)', 'kahan exact:', real(kahan, 8) == ref
  print '(A,L2)', 'pairwise exact:', real(pairwise(1, n), 8) == ref
  ! summing small terms first gives the exact result too
  naive = 0
  do i = n, 1, -1
    naive = naive + x(i)
  end do
  print '(A,F14.1)', 'reversed naive:  ', naive
  ! alternating series of powers of two is exact in any order
  do i = 1, 20
    x(i) = (-0.5)**i
  end do
  print '(A,F12.8)', 'alternating sum:', sum(x(1:20))
  print '(A,L2)', 'equals -(1-2**-20)/3 rounded:', abs(sum(x(1:20)) + (1.0 - 0.5**20) / 3.0) < 1.0e-7
contains
  recursive real(4) function pairwise(lo, hi) result(s)
    integer, intent(in) :: lo, hi
    integer :: mid
    if (hi - lo < 8) then
      s = sum(x(lo:hi))
    else
      mid = (lo + hi) / 2
      s = pairwise(lo, mid) + pairwise(mid + 1, hi)
    end if
  end function pairwise
end program summation
