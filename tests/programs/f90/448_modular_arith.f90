! Number theory in integer(8): modular exponentiation by squaring (products kept below
! 2**63), a deterministic Miller-Rabin primality test for 32-bit values, the extended
! Euclidean algorithm and modular inverses, the Chinese remainder theorem, and Euler's
! totient by trial division.
program modular_arith
  implicit none
  integer(8) :: cands(8) = [2_8, 97_8, 561_8, 7919_8, 65537_8, 2147483647_8, 4294967291_8, 4294967295_8]
  integer(8) :: g, x, y, r(3), m(3), sol, prod
  integer :: i
  print '(A,I12)', '3^200 mod 1000003:', powmod(3_8, 200_8, 1000003_8)
  print '(A,I12)', '2^(p-1) mod p, p=65537:', powmod(2_8, 65536_8, 65537_8)
  do i = 1, size(cands)
    print '(I12,L2)', cands(i), is_prime(cands(i))
  end do
  call egcd(240_8, 46_8, g, x, y)
  print '(A,3I8)', 'egcd(240,46):', g, x, y
  print '(A,L2)', 'bezout holds:', 240 * x + 46 * y == g
  print '(A,I8)', 'inverse of 17 mod 3120:', inverse(17_8, 3120_8)
  print '(A,I8)', 'check:', mod(17 * inverse(17_8, 3120_8), 3120_8)
  r = [2_8, 3_8, 2_8]
  m = [3_8, 5_8, 7_8]
  prod = product(m)
  sol = 0
  do i = 1, 3
    sol = mod(sol + r(i) * (prod / m(i)) * inverse(mod(prod / m(i), m(i)), m(i)), prod)
  end do
  print '(A,I6,A,3I3)', 'crt solution:', sol, ' residues:', mod(sol, m)
  print '(A,6I6)', 'totients:', (phi(int(i, 8)), i = 1, 36, 7)
  print '(A,I8)', 'phi(1000000):', phi(1000000_8)
contains
  integer(8) function powmod(b, e, md)
    integer(8), intent(in) :: b, e, md
    integer(8) :: base, ex
    powmod = 1
    base = mod(b, md)
    ex = e
    do while (ex > 0)
      if (mod(ex, 2_8) == 1) powmod = mod(powmod * base, md)
      base = mod(base * base, md)
      ex = ex / 2
    end do
  end function powmod
  logical function is_prime(n)
    integer(8), intent(in) :: n
    integer(8) :: d, a(3) = [2_8, 7_8, 61_8], xx
    integer :: s, k, j
    is_prime = .false.
    if (n < 2) return
    if (any(n == a)) then
      is_prime = .true.
      return
    end if
    if (mod(n, 2_8) == 0) return
    d = n - 1; s = 0
    do while (mod(d, 2_8) == 0)
      d = d / 2; s = s + 1
    end do
    witness: do k = 1, 3
      xx = powmod(a(k), d, n)
      if (xx == 1 .or. xx == n - 1) cycle witness
      do j = 1, s - 1
        xx = mod(xx * xx, n)
        if (xx == n - 1) cycle witness
      end do
      return
    end do witness
    is_prime = .true.
  end function is_prime
  recursive subroutine egcd(a, b, gg, xx, yy)
    integer(8), intent(in) :: a, b
    integer(8), intent(out) :: gg, xx, yy
    integer(8) :: x1, y1
    if (b == 0) then
      gg = a; xx = 1; yy = 0
    else
      call egcd(b, mod(a, b), gg, x1, y1)
      xx = y1
      yy = x1 - (a / b) * y1
    end if
  end subroutine egcd
  integer(8) function inverse(a, md)
    integer(8), intent(in) :: a, md
    integer(8) :: gg, xx, yy
    call egcd(a, md, gg, xx, yy)
    inverse = modulo(xx, md)
  end function inverse
  integer(8) function phi(n)
    integer(8), intent(in) :: n
    integer(8) :: k, nn
    nn = n; phi = n
    k = 2
    do while (k * k <= nn)
      if (mod(nn, k) == 0) then
        do while (mod(nn, k) == 0)
          nn = nn / k
        end do
        phi = phi - phi / k
      end if
      k = k + 1
    end do
    if (nn > 1) phi = phi - phi / nn
  end function phi
end program modular_arith
