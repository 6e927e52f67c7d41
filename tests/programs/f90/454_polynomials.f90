! Polynomial arithmetic in a module on integer coefficient arrays with explicit degrees:
! addition, multiplication, derivative, evaluation by Horner's rule, long division with
! remainder by a monic divisor, integer root search, and printing a polynomial as text
! with an internal write into a character buffer.
module polys
  implicit none
  integer, parameter :: maxd = 12
contains
  subroutine pmul(a, da, b, db, c, dc)
    integer, intent(in) :: da, db, a(0:maxd), b(0:maxd)
    integer, intent(out) :: c(0:maxd), dc
    integer :: i, j
    c = 0
    do i = 0, da
      do j = 0, db
        c(i+j) = c(i+j) + a(i) * b(j)
      end do
    end do
    dc = da + db
  end subroutine pmul
  integer function peval(a, da, x)
    integer, intent(in) :: da, a(0:maxd), x
    integer :: i
    peval = a(da)
    do i = da - 1, 0, -1
      peval = peval * x + a(i)
    end do
  end function peval
  subroutine pdiv(a, da, b, db, q, dq, r, dr)
    integer, intent(in) :: da, db, a(0:maxd), b(0:maxd)
    integer, intent(out) :: q(0:maxd), dq, r(0:maxd), dr
    integer :: k, j
    r = a; q = 0
    dq = da - db
    do k = dq, 0, -1
      q(k) = r(db + k) / b(db)
      do j = 0, db
        r(j + k) = r(j + k) - q(k) * b(j)
      end do
    end do
    dr = max(db - 1, 0)
    do while (dr > 0 .and. r(dr) == 0)
      dr = dr - 1
    end do
  end subroutine pdiv
  function ptext(a, da) result(s)
    integer, intent(in) :: da, a(0:maxd)
    character(len=80) :: s
    character(len=16) :: term
    integer :: i
    s = ''
    do i = da, 0, -1
      if (a(i) == 0) cycle
      if (i == 0) then
        write(term, '(SP,I0)') a(i)
      else if (i == 1) then
        write(term, '(SP,I0,A)') a(i), 'x'
      else
        write(term, '(SP,I0,A,SS,I0)') a(i), 'x^', i
      end if
      s = trim(s) // trim(term)
    end do
  end function ptext
end module polys

program polynomials
  use polys
  implicit none
  integer :: p(0:maxd), q(0:maxd), r(0:maxd), quo(0:maxd), rem(0:maxd), d(0:maxd)
  integer :: dp, dq, dr, dquo, drem, x, i
  p = 0; q = 0
  p(0:2) = [-2, 0, 1]
  q(0:1) = [3, 1]
  dp = 2; dq = 1
  call pmul(p, dp, q, dq, r, dr)
  print '(A,A)', 'p*q = ', trim(ptext(r, dr))
  call pmul(r, dr, r, dr, d, i)
  print '(A,A)', '(p*q)^2 = ', trim(ptext(d, i))
  do x = -3, 3
    print '(A,I3,A,I8,L2)', 'x=', x, ' value', peval(d, i, x), &
      peval(d, i, x) == peval(r, dr, x)**2
  end do
  ! derivative of r
  d = 0
  do i = 1, dr
    d(i-1) = i * r(i)
  end do
  print '(A,A)', "(p*q)' = ", trim(ptext(d, dr - 1))
  ! divide r + 5 by (x - 1)
  r(0) = r(0) + 5
  p = 0; p(0:1) = [-1, 1]
  call pdiv(r, dr, p, 1, quo, dquo, rem, drem)
  print '(A,A,A,I4)', 'quotient ', trim(ptext(quo, dquo)), ' remainder', rem(0)
  print '(A,L2)', 'remainder theorem:', rem(0) == peval(r, dr, 1)
  ! integer roots of x^3 - 6x^2 + 11x - 6
  p = 0; p(0:3) = [-6, 11, -6, 1]
  print '(A,A)', 'roots of ', trim(ptext(p, 3))
  do x = -10, 10
    if (peval(p, 3, x) == 0) print '(I4)', x
  end do
end program polynomials
