! Gaussian elimination over finite fields with integer arithmetic: the rank of a 0/1
! matrix over GF(2) (row additions are mod 2), solving a linear system modulo the prime
! 101 with modular inverses by Fermat's little theorem, and checking A x = b mod p.
program gf2_elimination
  implicit none
  integer, parameter :: m = 6, n = 7, p = 101
  integer :: a(m, n), i, j, r, c, piv, rank, tmp(n)
  integer :: s(4, 5), x(4), k
  do j = 1, n
    do i = 1, m
      a(i, j) = mod(i * j + i / 2 + j / 3, 2)
    end do
  end do
  do i = 1, m
    print '(7I2)', a(i, :)
  end do
  r = 1
  do c = 1, n
    if (r > m) exit
    piv = 0
    do i = r, m
      if (a(i, c) == 1) then
        piv = i
        exit
      end if
    end do
    if (piv == 0) cycle
    tmp = a(r, :); a(r, :) = a(piv, :); a(piv, :) = tmp
    do i = 1, m
      if (i /= r .and. a(i, c) == 1) a(i, :) = mod(a(i, :) + a(r, :), 2)
    end do
    r = r + 1
  end do
  rank = r - 1
  print '(A,I3)', 'rank over GF(2):', rank
  do i = 1, m
    print '(7I2)', a(i, :)
  end do
  ! solve a 4x4 system mod 101: augmented matrix s
  s(1, :) = [2, 3, 5, 7, 1]
  s(2, :) = [11, 13, 17, 19, 2]
  s(3, :) = [23, 29, 31, 37, 3]
  s(4, :) = [41, 43, 47, 53, 4]
  do c = 1, 4
    piv = c
    do while (s(piv, c) == 0)
      piv = piv + 1
    end do
    tmp(1:5) = s(c, :); s(c, :) = s(piv, :); s(piv, :) = tmp(1:5)
    k = powmod(s(c, c), p - 2)
    s(c, :) = mod(s(c, :) * k, p)
    do i = 1, 4
      if (i /= c) s(i, :) = modulo(s(i, :) - s(i, c) * s(c, :), p)
    end do
  end do
  x = s(:, 5)
  print '(A,4I5)', 'solution mod 101:', x
  print '(A,4I5)', 'check A*x mod 101:', mod(2*x(1) + 3*x(2) + 5*x(3) + 7*x(4), p), &
    mod(11*x(1) + 13*x(2) + 17*x(3) + 19*x(4), p), mod(23*x(1) + 29*x(2) + 31*x(3) + 37*x(4), p), &
    mod(41*x(1) + 43*x(2) + 47*x(3) + 53*x(4), p)
contains
  integer function powmod(b, e)
    integer, intent(in) :: b, e
    integer :: base, ex
    powmod = 1
    base = mod(b, p)
    ex = e
    do while (ex > 0)
      if (mod(ex, 2) == 1) powmod = mod(powmod * base, p)
      base = mod(base * base, p)
      ex = ex / 2
    end do
  end function powmod
end program gf2_elimination
