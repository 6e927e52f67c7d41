! Deferred-length allocatable character variables (character(len=:), allocatable) used as
! growing string builders: joining words with separators, replacing every occurrence of a
! pattern (with index) into a host-associated builder, upper-casing with achar/iachar,
! padding with functions whose result length depends on the arguments, and the lengths
! after each operation.
program deferred_strings
  implicit none
  character(len=:), allocatable :: s, t, u, r
  integer :: i
  s = ''
  do i = 1, 5
    if (i > 1) s = s // ', '
    s = s // trim(word(i))
  end do
  print '(A,A,A,I3)', '[', s, '] len', len(s)
  t = upper(s)
  print '(A)', t
  call replace_all(s, ', ', ' | ')
  u = r
  print '(A,A,A,I3)', '[', u, '] len', len(u)
  call replace_all(u, 'e', 'EE')
  print '(A,A,I3)', r, ' len', len(r)
  call replace_all('aaaa', 'aa', 'b')
  print '(A,A,A)', '[', r, ']'
  call replace_all('no match', 'zz', 'y')
  print '(A,A,A)', '[', r, ']'
  print '(A,A,A)', '[', rpad('abc', 8), ']'
  print '(A,A,A)', '[', lpad('abc', 8), ']'
  print '(A,A,A)', '[', lpad('toolong', 3), ']'
  s = repeat('ab', 3) // trim('  x  ') // adjustl('  y')
  print '(A,A,A,I3)', '[', s, '] len', len(s)
  s = s(3:6)
  print '(A,A,A,I3)', '[', s, '] len', len(s)
  deallocate(s)
  s = 'fresh'
  print '(A,A,A,I3)', '[', s, '] len', len(s)
contains
  function word(k) result(w)
    integer, intent(in) :: k
    character(len=6) :: w
    select case (k)
    case (1); w = 'one'
    case (2); w = 'three'
    case (3); w = 'seven'
    case (4); w = 'eleven'
    case default; w = 'x'
    end select
  end function word
  function upper(a) result(b)
    character(len=*), intent(in) :: a
    character(len=len(a)) :: b
    integer :: p, c
    b = a
    do p = 1, len(a)
      c = iachar(a(p:p))
      if (c >= iachar('a') .and. c <= iachar('z')) b(p:p) = achar(c - 32)
    end do
  end function upper
  subroutine replace_all(a, pat, rep)
    character(len=*), intent(in) :: a, pat, rep
    integer :: p, q
    r = ''
    p = 1
    do
      q = index(a(p:), pat)
      if (q == 0) exit
      r = r // a(p:p+q-2) // rep
      p = p + q - 1 + len(pat)
    end do
    r = r // a(p:)
  end subroutine replace_all
  function rpad(a, n) result(res)
    character(len=*), intent(in) :: a
    integer, intent(in) :: n
    character(len=max(n, len(a))) :: res
    res = a // repeat('.', max(0, n - len(a)))
  end function rpad
  function lpad(a, n) result(res)
    character(len=*), intent(in) :: a
    integer, intent(in) :: n
    character(len=max(n, len(a))) :: res
    res = repeat('.', max(0, n - len(a))) // a
  end function lpad
end program deferred_strings
