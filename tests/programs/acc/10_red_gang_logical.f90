! Tests: gang-level reductions on logical (parallel loop gang reduction) for .and. .or. .eqv. .neqv.; data
!        with known parity so both T and F results occur
program p10_red_gang_logical
  implicit none
  integer, parameter :: n = 1000
  integer :: i
  logical :: l1(n), l2(n)
  integer :: v(n)
  logical :: and1, and2, or1, or2, eqv1, eqv2, neqv1, neqv2

  do i = 1, n
    l1(i) = mod(i, 3) == 0
    l2(i) = mod(i, 4) == 0
    v(i) = mod(i * 7, 13)
  end do
  ! l1: 333 true, 667 false;  l2: 250 true, 750 false

  and1 = .true.
  and2 = .true.
  or1 = .false.
  or2 = .false.
  eqv1 = .true.
  eqv2 = .true.
  neqv1 = .false.
  neqv2 = .false.

  !$acc parallel loop gang reduction(.and.:and1) copyin(l1)
  do i = 1, n
    and1 = and1 .and. l1(i)
  end do

  !$acc parallel loop gang reduction(.and.:and2) copyin(v)
  do i = 1, n
    and2 = and2 .and. (v(i) >= 0 .and. v(i) < 13)
  end do

  !$acc parallel loop gang reduction(.or.:or1) copyin(l2)
  do i = 1, n
    or1 = or1 .or. l2(i)
  end do

  !$acc parallel loop gang reduction(.or.:or2) copyin(v)
  do i = 1, n
    or2 = or2 .or. v(i) > 12
  end do

  !$acc parallel loop gang reduction(.eqv.:eqv1) copyin(l1)
  do i = 1, n
    eqv1 = eqv1 .eqv. l1(i)
  end do

  !$acc parallel loop gang reduction(.eqv.:eqv2) copyin(l2)
  do i = 1, n
    eqv2 = eqv2 .eqv. l2(i)
  end do

  !$acc parallel loop gang reduction(.neqv.:neqv1, neqv2) copyin(l1, l2)
  do i = 1, n
    neqv1 = neqv1 .neqv. l1(i)
    neqv2 = neqv2 .neqv. l2(i)
  end do

  print *, '.and.  :', and1, and2
  print *, '.or.   :', or1, or2
  print *, '.eqv.  :', eqv1, eqv2
  print *, '.neqv. :', neqv1, neqv2
  print '(A, 8L2)', 'expect F T T F F T T F:', and1, and2, or1, or2, eqv1, eqv2, neqv1, neqv2
end program p10_red_gang_logical
