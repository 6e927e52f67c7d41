! String processing on fixed-length and deferred-length character variables: reversing,
! counting vowels, a Caesar cipher with iachar/achar, case conversion, palindromes, word
! counting with index, and building strings by concatenation in a loop.
program strings
  implicit none
  character(len=40) :: s
  character(len=:), allocatable :: acc, w
  integer :: i, nv, nw, p
  s = 'The Quick Brown Fox Jumps'
  print '(A)', '[' // trim(s) // ']'
  print '(A)', reverse(trim(s))
  nv = 0
  do i = 1, len_trim(s)
    if (index('aeiouAEIOU', s(i:i)) > 0) nv = nv + 1
  end do
  print *, 'vowels', nv, 'len', len(s), len_trim(s)
  print '(A)', caesar(trim(s), 3)
  print '(A)', caesar(caesar(trim(s), 3), 23)
  print '(A)', upper(trim(s))
  print *, 'palindromes', is_pal('racecar'), is_pal('level'), is_pal('gpuf'), is_pal('a')
  acc = ''
  do i = 1, 5
    acc = acc // repeat('*', i) // ' '
  end do
  print '(A,A,A,I3)', '<', acc, '>', len(acc)
  w = adjustl('   left')
  print '(3A)', '|', w, '|'
  nw = 0
  acc = trim(s) // ' '
  do
    p = index(acc, ' ')
    if (p == 0 .or. len(acc) == 0) exit
    if (p > 1) nw = nw + 1
    acc = acc(p + 1:)
  end do
  print *, 'words', nw
  print *, 'compare', 'abc' < 'abd', 'abc' == 'abc   ', 'b' > 'abc'
contains
  function reverse(t) result(r)
    character(len=*), intent(in) :: t
    character(len=len(t)) :: r
    integer :: k
    do k = 1, len(t)
      r(k:k) = t(len(t) - k + 1:len(t) - k + 1)
    end do
  end function reverse
  function caesar(t, shift) result(r)
    character(len=*), intent(in) :: t
    integer, intent(in) :: shift
    character(len=len(t)) :: r
    integer :: k, c
    r = t
    do k = 1, len(t)
      c = iachar(t(k:k))
      if (c >= iachar('a') .and. c <= iachar('z')) then
        r(k:k) = achar(mod(c - iachar('a') + shift, 26) + iachar('a'))
      else if (c >= iachar('A') .and. c <= iachar('Z')) then
        r(k:k) = achar(mod(c - iachar('A') + shift, 26) + iachar('A'))
      end if
    end do
  end function caesar
  function upper(t) result(r)
    character(len=*), intent(in) :: t
    character(len=len(t)) :: r
    integer :: k
    r = t
    do k = 1, len(t)
      if (t(k:k) >= 'a' .and. t(k:k) <= 'z') r(k:k) = achar(iachar(t(k:k)) - 32)
    end do
  end function upper
  logical function is_pal(t)
    character(len=*), intent(in) :: t
    is_pal = t == reverse(t)
  end function is_pal
end program strings
