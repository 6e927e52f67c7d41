! Fibonacci numbers by 2x2 integer matrix powers: exponentiation by squaring in
! integer(8) with products reduced modulo m, the Pisano period of several moduli found by
! iteration, F(n) mod m for huge n via the period, unreduced powers up to F(90), and
! Cassini's identity checked exactly while the products fit in integer(8).
program fib_matrix
  implicit none
  integer(8) :: r(2,2), mods(5) = [2_8, 3_8, 10_8, 1000_8, 1000000007_8], n, p
  integer :: k
  do k = 5, 45, 10
    call matpow(int(k, 8), 0_8, r)
    print '(A,I3,A,I20,A,L2)', 'F(', k, ') =', r(1,2), ' cassini:', &
      r(1,1) * r(2,2) - r(1,2) * r(2,1) == merge(1_8, -1_8, mod(k, 2) == 0)
  end do
  do k = 60, 90, 15
    call matpow(int(k, 8), 0_8, r)
    print '(A,I3,A,I20)', 'F(', k, ') =', r(1,2)
  end do
  do k = 1, 4
    p = pisano(mods(k))
    print '(A,I8,A,I8)', 'pisano period mod', mods(k), ':', p
  end do
  n = 10_8**18
  do k = 1, 4
    p = pisano(mods(k))
    call matpow(mod(n, p), mods(k), r)
    print '(A,I8,A,I8)', 'F(10**18) mod', mods(k), ' =', r(1,2)
  end do
  call matpow(1000000_8, mods(5), r)
  print '(A,I12)', 'F(10**6) mod 1e9+7 =', r(1,2)
contains
  subroutine matmul2(a, b, c, m)
    integer(8), intent(in) :: a(2,2), b(2,2), m
    integer(8), intent(out) :: c(2,2)
    integer :: i, j
    do j = 1, 2
      do i = 1, 2
        if (m > 0) then
          c(i,j) = mod(mod(a(i,1) * b(1,j), m) + mod(a(i,2) * b(2,j), m), m)
        else
          c(i,j) = a(i,1) * b(1,j) + a(i,2) * b(2,j)
        end if
      end do
    end do
  end subroutine matmul2
  subroutine matpow(e, m, res)
    integer(8), intent(in) :: e, m
    integer(8), intent(out) :: res(2,2)
    integer(8) :: base(2,2), t(2,2), ex
    res = 0; res(1,1) = 1; res(2,2) = 1
    base = 1; base(2,2) = 0
    ex = e
    do while (ex > 0)
      if (mod(ex, 2_8) == 1) then
        call matmul2(res, base, t, m)
        res = t
      end if
      call matmul2(base, base, t, m)
      base = t
      ex = ex / 2
    end do
  end subroutine matpow
  integer(8) function pisano(m)
    integer(8), intent(in) :: m
    integer(8) :: a, b, c
    a = 0; b = 1
    pisano = 0
    do
      c = mod(a + b, m)
      a = b; b = c
      pisano = pisano + 1
      if (a == 0 .and. b == 1) exit
    end do
  end function pisano
end program fib_matrix
