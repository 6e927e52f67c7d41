! Integer arithmetic corner cases real codes rely on: division truncating toward zero,
! mod versus modulo with negative operands, integer powers with negative bases and zero
! exponents, huge() and -huge()-1 in integer(4) and integer(8), mixed-kind promotion,
! int/nint/floor/ceiling of negative halves, and abs/sign/min/max/dim on integers.
program integer_edges
  implicit none
  integer :: a(4) = [7, -7, 7, -7], b(4) = [2, 2, -2, -2], i
  integer(8) :: big
  do i = 1, 4
    print '(2I4,4I5)', a(i), b(i), a(i) / b(i), mod(a(i), b(i)), modulo(a(i), b(i)), a(i) * b(i)
  end do
  print '(A,5I6)', 'powers of -2:', ((-2)**i, i = 0, 4)
  print '(A,3I4)', 'zero exponents:', 5**0, (-3)**0, 0**0
  print '(A,I12,I12)', 'huge(4):', huge(1), -huge(1) - 1
  print '(A,I21)', 'huge(8):', huge(1_8)
  big = huge(1) + 1_8
  print '(A,I21)', 'huge(4)+1 in integer(8):', big
  big = 2_8**40 + 3
  print '(A,I21,I6)', '2**40+3 and mod 1000:', big, mod(big, 1000_8)
  print '(A,4I4)', 'int of +-2.5, +-3.5:', int(2.5), int(-2.5), int(3.5), int(-3.5)
  print '(A,4I4)', 'nint:', nint(2.5), nint(-2.5), nint(3.5), nint(-3.5)
  print '(A,4I4)', 'floor:', floor(2.5), floor(-2.5), floor(3.5), floor(-3.5)
  print '(A,4I4)', 'ceiling:', ceiling(2.5), ceiling(-2.5), ceiling(3.5), ceiling(-3.5)
  print '(A,4I4)', 'sign:', sign(3, -1), sign(-3, 1), sign(3, 0), sign(-3, -2)
  print '(A,3I4)', 'dim:', dim(5, 3), dim(3, 5), dim(-2, -7)
  print '(A,2I4)', 'min/max of 3 args:', min(4, -1, 2), max(4, -1, 2)
  print '(A,I4)', 'abs(-huge):', abs(-huge(1)) / huge(1)
  print '(A,3I6)', 'integer ops in one expression:', 7 / 2 * 2, 7 * 2 / 2, -7 / 2 * 2
  print '(A,F8.3)', 'mixed int/real:', 7 / 2 + 7 / 2.0
  print '(A,I4)', 'digits of 2**31-1:', ndigits(huge(1))
  print '(A,L2)', 'modulo identity holds:', all([(modulo(i, 7) == i - 7 * floor(real(i) / 7), i = -20, 20)])
contains
  integer function ndigits(v)
    integer, intent(in) :: v
    integer :: w
    w = v
    ndigits = 0
    do while (w /= 0)
      ndigits = ndigits + 1
      w = w / 10
    end do
  end function ndigits
end program integer_edges
