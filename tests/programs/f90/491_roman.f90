! Roman numerals: integer to Roman conversion with value/symbol tables held in a
! character scalar and an integer array, parsing back with subtractive pairs, round trips
! for 1..3999, the longest numeral, and rejection of malformed input by re-encoding.
program roman
  implicit none
  integer :: vals(13) = [1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1]
  character(len=26) :: syms = 'M CMD CDC XCL XLX IXV IVI '
  character(len=20) :: r, longest
  integer :: i, tests(8) = [1, 4, 9, 14, 40, 90, 1994, 3999], bad, maxlen
  do i = 1, size(tests)
    r = to_roman(tests(i))
    print '(I5,1X,A,I6)', tests(i), r, from_roman(trim(r))
  end do
  bad = 0; maxlen = 0
  do i = 1, 3999
    r = to_roman(i)
    if (from_roman(trim(r)) /= i) bad = bad + 1
    if (len_trim(r) > maxlen) then
      maxlen = len_trim(r)
      longest = r
    end if
  end do
  print '(A,I3)', 'round-trip failures:', bad
  print '(A,A,A,I3)', 'longest: ', trim(longest), ' length', maxlen
  call check('MCMXCIV')
  call check('IIII')
  call check('IC')
  call check('XLII')
contains
  function to_roman(n) result(s)
    integer, intent(in) :: n
    character(len=20) :: s
    integer :: k, m
    s = ''
    m = n
    do k = 1, 13
      do while (m >= vals(k))
        s = trim(s) // trim(syms(2*k-1:2*k))
        m = m - vals(k)
      end do
    end do
  end function to_roman
  integer function digit(ch)
    character(len=1), intent(in) :: ch
    select case (ch)
    case ('I'); digit = 1
    case ('V'); digit = 5
    case ('X'); digit = 10
    case ('L'); digit = 50
    case ('C'); digit = 100
    case ('D'); digit = 500
    case ('M'); digit = 1000
    case default; digit = 0
    end select
  end function digit
  integer function from_roman(s)
    character(len=*), intent(in) :: s
    integer :: k, d, nxt
    from_roman = 0
    do k = 1, len(s)
      d = digit(s(k:k))
      nxt = 0
      if (k < len(s)) nxt = digit(s(k+1:k+1))
      if (d < nxt) then
        from_roman = from_roman - d
      else
        from_roman = from_roman + d
      end if
    end do
  end function from_roman
  subroutine check(s)
    character(len=*), intent(in) :: s
    integer :: v
    v = from_roman(s)
    if (trim(to_roman(v)) == s) then
      print '(A,A,A,I5)', 'valid   ', s, ' =', v
    else
      print '(A,A,A,A)', 'invalid ', s, ', canonical form ', trim(to_roman(v))
    end if
  end subroutine check
end program roman
