! Sequences built as strings: the look-and-say sequence grown in deferred-length
! character variables (lengths of terms 1..20), the Thue-Morse word by complement and
! concatenation, the Fibonacci word, and counts of characters and of a substring in them
! using index in a loop.
program look_and_say
  implicit none
  character(len=:), allocatable :: s, t, a, b, c
  integer :: i, p, run, k
  character(len=8) :: num
  s = '1'
  do i = 1, 20
    if (i <= 8) print '(I3,1X,A)', i, s
    if (i > 8 .and. mod(i, 4) == 0) print '(I3,A,I6)', i, ' length', len(s)
    t = ''
    p = 1
    do while (p <= len(s))
      run = 1
      do while (p + run <= len(s))
        if (s(p+run:p+run) /= s(p:p)) exit
        run = run + 1
      end do
      write(num, '(I0)') run
      t = t // trim(num) // s(p:p)
      p = p + run
    end do
    s = t
  end do
  ! Thue-Morse: t_{n+1} = t_n // complement(t_n)
  a = '0'
  do i = 1, 6
    b = a
    do k = 1, len(b)
      if (b(k:k) == '0') then
        b(k:k) = '1'
      else
        b(k:k) = '0'
      end if
    end do
    a = a // b
  end do
  print '(A,I4)', 'thue-morse length', len(a)
  print '(A)', a(1:32)
  print '(A,I4,A,I4)', 'zeros', count_char(a, '0'), ' occurrences of 11:', count_sub(a, '11')
  print '(A,I4)', 'occurrences of 000:', count_sub(a, '000')
  ! Fibonacci word: f(n) = f(n-1) // f(n-2)
  b = '0'
  c = '01'
  do i = 1, 8
    a = c // b
    b = c
    c = a
  end do
  print '(A,I4)', 'fibonacci word length', len(c)
  print '(A)', c(1:34)
  print '(A,I4,A,I4)', 'zeros', count_char(c, '0'), ' ones', count_char(c, '1')
  print '(A,I4)', 'occurrences of 00:', count_sub(c, '00')
contains
  integer function count_char(str, ch)
    character(len=*), intent(in) :: str
    character(len=1), intent(in) :: ch
    integer :: q
    count_char = 0
    do q = 1, len(str)
      if (str(q:q) == ch) count_char = count_char + 1
    end do
  end function count_char
  integer function count_sub(str, sub)
    character(len=*), intent(in) :: str, sub
    integer :: q, r
    count_sub = 0
    q = 1
    do
      r = index(str(q:), sub)
      if (r == 0) exit
      count_sub = count_sub + 1
      q = q + r
      if (q > len(str)) exit
    end do
  end function count_sub
end program look_and_say
