! Logical expressions: truth tables for .and., .or., .eqv., .neqv. and .not. printed
! with L formats, De Morgan's laws checked over all inputs, a logical function used in
! conditions, logical arrays combined elementwise, counted and reduced with any/all,
! and a majority-vote and parity computation without bit intrinsics.
program logic
  implicit none
  logical :: p, q, r, tv(2) = [.false., .true.], bits(8), m(3, 4)
  integer :: i, j, k, ok
  print '(A)', ' p q  and or eqv neqv not-p'
  do i = 1, 2
    do j = 1, 2
      p = tv(i); q = tv(j)
      print '(2L2,L5,L3,L4,L5,L6)', p, q, p .and. q, p .or. q, p .eqv. q, p .neqv. q, .not. p
    end do
  end do
  ok = 0
  do i = 1, 2
    do j = 1, 2
      do k = 1, 2
        p = tv(i); q = tv(j); r = tv(k)
        if ((.not. (p .and. q)) .eqv. (.not. p .or. .not. q)) ok = ok + 1
        if ((.not. (p .or. q)) .eqv. (.not. p .and. .not. q)) ok = ok + 1
        if ((p .and. (q .or. r)) .eqv. ((p .and. q) .or. (p .and. r))) ok = ok + 1
        if (majority(p, q, r) .eqv. ((p .and. q) .or. (q .and. r) .or. (p .and. r))) ok = ok + 1
      end do
    end do
  end do
  print '(A,I3,A)', 'identities hold in', ok, ' of 32 cases'
  do i = 1, 8
    bits(i) = mod(i * 5, 3) == 1
  end do
  print '(A,8L2)', 'bits:', bits
  print '(A,L2)', 'parity odd:', parity(bits)
  print '(A,I3)', 'set bits:', count(bits)
  print '(A,8L2)', 'shifted xor:', bits .neqv. [bits(8), bits(1:7)]
  do j = 1, 4
    do i = 1, 3
      m(i, j) = mod(i + j, 3) /= 0
    end do
  end do
  print '(A,4L2)', 'all in column:', all(m, dim=1)
  print '(A,3L2)', 'any in row:', any(m, dim=2)
  print '(A,4I2)', 'count per column:', count(m, dim=1)
  print '(A,L2)', 'no row all false:', .not. any(.not. any(m, dim=2))
  print '(A,L2)', 'eqv chain:', (.true. .eqv. .false.) .eqv. .false.
contains
  logical function majority(a, b, c)
    logical, intent(in) :: a, b, c
    majority = count([a, b, c]) >= 2
  end function majority
  logical function parity(v)
    logical, intent(in) :: v(8)
    integer :: t
    parity = .false.
    do t = 1, 8
      parity = parity .neqv. v(t)
    end do
  end function parity
end program logic
