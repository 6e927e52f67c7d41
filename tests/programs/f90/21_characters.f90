! Tests: character variables of fixed and deferred length, len=1 characters, character
! parameters, assignment with padding and truncation, concatenation, substrings,
! comparisons with blank padding (and the .eq. forms), the character intrinsics, printing
! with list-directed and A formats, and select case on a character selector.
program characters
  implicit none
  character(len=*), parameter :: greeting = 'Hello'
  character(len=10) :: s, t
  character(len=3) :: short
  character :: c
  character(len=:), allocatable :: d
  character(len=20) :: padded
  integer :: i, n

  s = 'abc'
  t = 'abcdefghijklmnop'
  short = t
  c = 'x'
  print *, s, '|', t, '|', short, '|', c, '|'
  print *, len(s), len(short), len(c), len_trim(s), len_trim('  a  ')
  print '(A)', s
  print '(A,A,A)', '[', s, ']'
  print '(A5,A3)', t, s

  d = trim(s) // '-' // greeting
  print *, d, len(d)
  d = 'short'
  print *, d, len(d)
  d = d // d
  print '(A,I3)', d, len(d)

  s = greeting // ' world'
  print *, s
  print *, s(1:5), '/', s(7:), '/', s(:3), '/', s(2:2)
  s(1:1) = 'J'
  print *, s
  s(3:4) = 'XYZW'
  print *, s

  print *, 'abc' == 'abc   ', 'abc' /= 'abd', 'abc' < 'abd', 'b' > 'abc'
  print *, s .eq. s, s .ne. t, s .lt. t, t .le. t, t .ge. s
  short = 'ab'
  print *, short == 'ab', short == 'ab ', short, '|'

  padded = '   centred   '
  print *, '[', adjustl(padded), ']'
  print *, '[', adjustr(padded), ']'
  print *, '[', trim(adjustl(padded)), ']'
  print *, index('hello world', 'o'), index('hello world', 'o', back=.true.), index('abc', 'z')
  print *, repeat('ab', 3), '|', repeat('x', 0), '|'
  print *, achar(65), char(98), iachar('A'), ichar('z')

  n = 0
  do i = 1, len_trim(t)
    if (t(i:i) >= 'e' .and. t(i:i) <= 'h') n = n + 1
  end do
  print *, 'letters e..h:', n

  do i = 1, 4
    select case (t(i:i+1))
    case ('ab')
      print *, 'ab at', i
    case ('bc':'cd')
      print *, 'bc..cd at', i
    case default
      print *, 'other at', i
    end select
  end do

  c = achar(iachar('a') + 2)
  select case (c)
  case ('a', 'b')
    print *, 'a or b'
  case ('c')
    print *, 'c'
  end select
end program characters
