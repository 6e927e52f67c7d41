! Tests: character(len=*) dummy arguments with gfortran's hidden length arguments (one
! per character dummy, after the other arguments): lengths seen by the callee, literals,
! substrings and concatenations as actual arguments, changing an argument in place,
! character(len=1) and fixed-length dummies, and external procedures with character
! arguments mixed with numeric ones.
module textutil
  implicit none
contains
  subroutine show(label, s)
    character(len=*), intent(in) :: label, s
    print '(A,A,A,A,I0)', label, ': [', s, '] len=', len(s)
  end subroutine show

  integer function count_char(s, c)
    character(len=*), intent(in) :: s
    character, intent(in) :: c
    integer :: i
    count_char = 0
    do i = 1, len(s)
      if (s(i:i) == c) count_char = count_char + 1
    end do
  end function count_char

  subroutine upcase(s)
    character(len=*), intent(inout) :: s
    integer :: i, k
    do i = 1, len(s)
      k = iachar(s(i:i))
      if (k >= iachar('a') .and. k <= iachar('z')) s(i:i) = achar(k - 32)
    end do
  end subroutine upcase
end module textutil

subroutine mixed(n, name, x, tag)
  implicit none
  integer, intent(in) :: n
  character(len=*), intent(in) :: name
  real, intent(in) :: x
  character(len=4), intent(in) :: tag
  print '(I0,1X,A,1X,F6.2,1X,A,1X,I0)', n, trim(name), x, tag, len(tag)
end subroutine mixed

program char_args
  use textutil
  implicit none
  character(len=12) :: word
  character(len=:), allocatable :: d

  word = 'hello world'
  call show('word', word)
  call show('trimmed', trim(word))
  call show('sub', word(7:11))
  call show('concat', 'ab' // trim(word) // 'cd')
  call show('empty', '')
  print *, count_char(word, 'o'), count_char('banana', 'a')
  call upcase(word(1:5))
  call show('upcased', word)
  call upcase(word)
  call show('all', word)
  d = 'deferred'
  call show('deferred', d)
  call mixed(3, 'name   ', 2.5, 'abcd')
  call mixed(-7, word, -1.25, 'wxyz')
end program char_args
