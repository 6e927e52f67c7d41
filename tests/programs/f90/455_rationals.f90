! Exact rational arithmetic on integer(8) numerator/denominator pairs stored in rank-1
! arrays of size 2: normalisation with gcd and sign, add/sub/mul/div, comparisons, the
! harmonic numbers H(1..20), Egyptian fraction decompositions, and a continued fraction
! expansion with its convergents.
module rational
  implicit none
  integer, parameter :: ik = 8
contains
  subroutine norm(r)
    integer(ik), intent(inout) :: r(2)
    integer(ik) :: g, a, b, t
    if (r(2) < 0) r = -r
    a = abs(r(1)); b = r(2)
    do while (b /= 0)
      t = mod(a, b); a = b; b = t
    end do
    g = max(a, 1_ik)
    r = r / g
  end subroutine norm
  subroutine radd(a, b, c)
    integer(ik), intent(in) :: a(2), b(2)
    integer(ik), intent(out) :: c(2)
    c = [a(1) * b(2) + b(1) * a(2), a(2) * b(2)]
    call norm(c)
  end subroutine radd
  subroutine rmul(a, b, c)
    integer(ik), intent(in) :: a(2), b(2)
    integer(ik), intent(out) :: c(2)
    c = [a(1) * b(1), a(2) * b(2)]
    call norm(c)
  end subroutine rmul
  logical function rless(a, b)
    integer(ik), intent(in) :: a(2), b(2)
    rless = a(1) * b(2) < b(1) * a(2)
  end function rless
end module rational

program rationals
  use rational
  implicit none
  integer(ik) :: h(2), t(2), x(2), u(2), a(2), b(2), cf(20), p0, p1, q0, q1, pn, qn
  integer :: k, ncf
  h = [0_ik, 1_ik]
  do k = 1, 20
    a = [1_ik, int(k, ik)]
    call radd(h, a, t)
    h = t
    if (mod(k, 4) == 0) print '(A,I3,A,I12,A,I12)', 'H(', k, ') =', h(1), ' /', h(2)
  end do
  a = [7_ik, 2_ik]
  print '(A,L2)', 'H(20) > 3.5:', rless(a, h)
  a = [3_ik, -4_ik]; b = [-8_ik, 9_ik]
  call norm(a)
  call rmul(a, b, t)
  print '(A,2I5)', '(3/-4)*(-8/9) =', t
  a = [1_ik, 6_ik]; b = [-1_ik, 6_ik]
  call radd(a, b, t)
  print '(A,2I5)', '1/6 - 1/6 =', t
  ! Egyptian fractions by the greedy method
  x = [4_ik, 13_ik]
  write(*, '(A)') 'egyptian 4/13:'
  do while (x(1) /= 0)
    p0 = (x(2) + x(1) - 1) / x(1)
    print '(A,I12)', '  1/', p0
    b = [-1_ik, p0]
    call radd(x, b, u)
    x = u
  end do
  ! continued fraction of 415/93 and its convergents
  x = [415_ik, 93_ik]
  ncf = 0
  do while (x(2) /= 0)
    ncf = ncf + 1
    cf(ncf) = x(1) / x(2)
    x = [x(2), x(1) - cf(ncf) * x(2)]
  end do
  print '(A,10I4)', 'continued fraction:', cf(1:ncf)
  p0 = 1; q0 = 0; p1 = cf(1); q1 = 1
  print '(A,2I6)', 'convergent', p1, q1
  do k = 2, ncf
    pn = cf(k) * p1 + p0; qn = cf(k) * q1 + q0
    print '(A,2I6)', 'convergent', pn, qn
    p0 = p1; q0 = q1; p1 = pn; q1 = qn
  end do
end program rationals
