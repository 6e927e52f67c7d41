! Arbitrary-precision integers as arrays of base-10000 limbs: factorials up to 60!,
! powers of two up to 2**200, Fibonacci numbers by repeated addition, digit sums, and
! text built with internal writes, I0 for the leading limb followed by I4.4 limbs.
program bignum
  implicit none
  integer, parameter :: nl = 40, base = 10000
  integer :: a(nl), b(nl), c(nl), n, k, na
  character(len=8) :: lab
  call setint(a, 1)
  do n = 1, 60
    call mulsmall(a, n)
    if (mod(n, 15) == 0 .or. n == 25) then
      write(lab, '(I2,A)') n, '! ='
      call show(lab, a)
    end if
  end do
  print '(A,I5)', 'digit sum of 60!:', digitsum(a)
  print '(A,I5)', 'trailing zeros of 60!:', trailing_zeros(a)
  call setint(a, 1)
  do n = 1, 200
    call mulsmall(a, 2)
  end do
  call show('2**200 =', a)
  call setint(a, 0)
  call setint(b, 1)
  do k = 2, 300
    call add(a, b, c)
    a = b
    b = c
  end do
  call show('fib(300) =', b)
  na = count_digits(b)
  print '(A,I4)', 'digits in fib(300):', na
contains
  subroutine setint(x, v)
    integer, intent(out) :: x(nl)
    integer, intent(in) :: v
    x = 0
    x(1) = v
  end subroutine setint
  subroutine mulsmall(x, m)
    integer, intent(inout) :: x(nl)
    integer, intent(in) :: m
    integer :: i, carry, t
    carry = 0
    do i = 1, nl
      t = x(i) * m + carry
      x(i) = mod(t, base)
      carry = t / base
    end do
  end subroutine mulsmall
  subroutine add(x, y, z)
    integer, intent(in) :: x(nl), y(nl)
    integer, intent(out) :: z(nl)
    integer :: i, carry, t
    carry = 0
    do i = 1, nl
      t = x(i) + y(i) + carry
      z(i) = mod(t, base)
      carry = t / base
    end do
  end subroutine add
  integer function top(x)
    integer, intent(in) :: x(nl)
    top = nl
    do while (top > 1 .and. x(top) == 0)
      top = top - 1
    end do
  end function top
  subroutine show(label, x)
    character(len=*), intent(in) :: label
    integer, intent(in) :: x(nl)
    character(len=4 * nl) :: buf
    character(len=4) :: limb
    integer :: i
    write(buf, '(I0)') x(top(x))
    do i = top(x) - 1, 1, -1
      write(limb, '(I4.4)') x(i)
      buf = trim(buf) // limb
    end do
    print '(A,1X,A)', label, trim(buf)
  end subroutine show
  integer function digitsum(x)
    integer, intent(in) :: x(nl)
    integer :: i, v
    digitsum = 0
    do i = 1, nl
      v = x(i)
      do while (v > 0)
        digitsum = digitsum + mod(v, 10)
        v = v / 10
      end do
    end do
  end function digitsum
  integer function trailing_zeros(x)
    integer, intent(in) :: x(nl)
    integer :: i, v
    trailing_zeros = 0
    do i = 1, nl
      v = x(i)
      if (v == 0) then
        trailing_zeros = trailing_zeros + 4
        cycle
      end if
      do while (mod(v, 10) == 0)
        trailing_zeros = trailing_zeros + 1
        v = v / 10
      end do
      exit
    end do
  end function trailing_zeros
  integer function count_digits(x)
    integer, intent(in) :: x(nl)
    integer :: v
    v = x(top(x))
    count_digits = 4 * (top(x) - 1)
    do while (v > 0)
      count_digits = count_digits + 1
      v = v / 10
    end do
  end function count_digits
end program bignum
