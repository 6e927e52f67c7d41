! Functions with deferred-length character results: module, internal and external
! functions; results built up by reallocating assignment, empty results, results used in
! expressions, passed as arguments, assigned to deferred-length and fixed-length variables.
module text_utils
  implicit none
contains
  function rep(s, n) result(r)
    character(len=*), intent(in) :: s
    integer, intent(in) :: n
    character(len=:), allocatable :: r
    integer :: i
    r = ''
    do i = 1, n
      r = r // s
    end do
  end function

  function itoa(k) result(s)
    integer, intent(in) :: k
    character(len=:), allocatable :: s
    character(len=20) :: buf
    write (buf, '(i0)') k
    s = trim(buf)
  end function

  function joined(words, sep) result(r)
    character(len=*), intent(in) :: words(3), sep
    character(len=:), allocatable :: r
    integer :: i
    r = trim(words(1))
    do i = 2, size(words)
      r = r // sep // trim(words(i))
    end do
  end function
end module

function shout(s) result(r)
  implicit none
  character(len=*), intent(in) :: s
  character(len=:), allocatable :: r
  integer :: i
  r = s // '!'
  do i = 1, len(s)
    if (r(i:i) >= 'a' .and. r(i:i) <= 'z') r(i:i) = achar(iachar(r(i:i)) - 32)
  end do
end function

program deferred_results
  use text_utils
  implicit none
  interface
    function shout(s) result(r)
      character(len=*), intent(in) :: s
      character(len=:), allocatable :: r
    end function
  end interface
  character(len=:), allocatable :: a
  character(len=10) :: fixed
  character(len=5) :: colours(3)
  integer :: k
  a = rep('ab', 3)
  print *, '[', a, ']', len(a)
  print *, '[', rep('xyz', 0), ']', len(rep('q', 5))
  do k = 1, 3
    print *, 'item-' // itoa(k * 250) // '.', len(itoa(-k))
  end do
  fixed = itoa(12345)
  print *, '[', fixed, ']'
  colours = ['red  ', 'green', 'blue ']
  print *, joined(colours, ', ')
  print *, shout('hello'), len(shout('abc'))
  call show(rep(itoa(7), 4))
  print *, wrap('core')
contains
  subroutine show(s)
    character(len=*), intent(in) :: s
    print *, len(s), s
  end subroutine
  function wrap(s) result(r)
    character(len=*), intent(in) :: s
    character(len=:), allocatable :: r
    r = '(' // s // ')' // rep('-', len(s))
  end function
end program
