! Integer base conversions with mod and division only: decimal to binary, octal, hex and
! base 36 strings built right to left in character buffers, parsing back with iachar,
! digit sums, palindromic numbers in several bases, and integer(8) values.
program base_conversion
  implicit none
  integer :: vals(7) = [0, 1, 10, 255, 4096, 65535, 123456789], i, b, npal
  character(len=64) :: s
  integer(8) :: big
  do i = 1, size(vals)
    print '(I10,1X,A18,1X,A8,1X,A8)', vals(i), trim(to_base(int(vals(i), 8), 2)), &
      trim(to_base(int(vals(i), 8), 8)), trim(to_base(int(vals(i), 8), 16))
  end do
  big = 9223372036854775807_8
  print '(A)', trim(to_base(big, 16))
  print '(A)', trim(to_base(big, 36))
  print '(A)', trim(to_base(big, 2))
  do b = 2, 36, 17
    s = to_base(987654321_8, b)
    print '(A,I3,A,A,A,I12)', 'base', b, ': ', trim(s), ' -> ', from_base(trim(s), b)
  end do
  print '(A,I12)', 'parse ff:', from_base('ff', 16)
  print '(A,I12)', 'parse zz:', from_base('ZZ', 36)
  print '(A,I12)', 'parse 777:', from_base('777', 8)
  npal = 0
  do i = 1, 1000
    if (is_pal(trim(to_base(int(i, 8), 2))) .and. is_pal(trim(to_base(int(i, 8), 10)))) then
      npal = npal + 1
      print '(A,I5,A,A)', 'double palindrome', i, ' = ', trim(to_base(int(i, 8), 2))
    end if
  end do
  print '(A,I3)', 'count:', npal
contains
  function to_base(n, base) result(r)
    integer(8), intent(in) :: n
    integer, intent(in) :: base
    character(len=64) :: r
    character(len=36) :: digits
    integer(8) :: m
    integer :: p, d
    digits = '0123456789abcdefghijklmnopqrstuvwxyz'
    r = ''
    if (n == 0) then
      r = '0'
      return
    end if
    m = n
    p = 64
    do while (m > 0)
      d = int(mod(m, int(base, 8)))
      r(p:p) = digits(d+1:d+1)
      p = p - 1
      m = m / base
    end do
    r = adjustl(r)
  end function to_base
  integer(8) function from_base(t, base)
    character(len=*), intent(in) :: t
    integer, intent(in) :: base
    integer :: p, c, d
    from_base = 0
    do p = 1, len(t)
      c = iachar(t(p:p))
      if (c >= iachar('0') .and. c <= iachar('9')) then
        d = c - iachar('0')
      else if (c >= iachar('a') .and. c <= iachar('z')) then
        d = c - iachar('a') + 10
      else
        d = c - iachar('A') + 10
      end if
      from_base = from_base * base + d
    end do
  end function from_base
  logical function is_pal(t)
    character(len=*), intent(in) :: t
    integer :: p
    is_pal = .true.
    do p = 1, len(t) / 2
      if (t(p:p) /= t(len(t)-p+1:len(t)-p+1)) then
        is_pal = .false.
        return
      end if
    end do
  end function is_pal
end program base_conversion
