! merge with character arguments: in assignments, print, concatenation, comparisons,
! with substrings, trim, character array elements and function results.
module labels
  implicit none
contains
  function sign_word(x) result(w)
    integer, intent(in) :: x
    character(len=8) :: w
    w = merge('positive', 'negative', x >= 0)
  end function
  function yesno(b) result(s)
    logical, intent(in) :: b
    character(len=3) :: s
    s = merge('yes', 'no ', b)
  end function
end module labels

program main
  use labels
  implicit none
  character(len=5) :: a, b, c
  character(len=4) :: names(3)
  character(len=20) :: line
  integer :: i
  logical :: flag
  a = 'alpha'
  b = 'bravo'
  do i = 1, 4
    c = merge(a, b, mod(i, 2) == 0)
    print '(i0,1x,a)', i, c
  end do
  flag = .true.
  print *, merge('on ', 'off', flag), ' ', merge('on ', 'off', .not. flag)
  line = 'x=' // merge(a, b, a < b) // '|' // merge(a(1:2), b(4:5), .false.)
  print '(a)', trim(line)
  names = ['ab  ', 'cdef', 'g   ']
  do i = 1, 3
    print '(a,a,a)', '[', trim(merge(names(i), '----', len_trim(names(i)) > 1)), ']'
  end do
  do i = -2, 2, 2
    print '(a)', sign_word(i)
  end do
  print *, yesno(.true.), yesno(1 > 2)
  if (merge(a, b, flag) == 'alpha') print *, 'compare ok'
  print *, len(merge(a, b, flag)), len_trim(merge('xy  ', 'z   ', .false.))
  c = merge(merge('11111', '22222', flag), merge('33333', '44444', flag), i > 100)
  print *, c
end program main
