! External character functions and their callers in one file: declared, assumed (from the
! caller's declaration) and length-1 results (see tests/multi/620_char_function).
! External character functions compiled apart from their callers: a declared length, an
! assumed length (the caller's declaration gives it), a length-1 result.
function label(n)
  implicit none
  character(len=12) :: label
  integer, intent(in) :: n
  write (label, '(a, i0)') 'item #', n
end function

function padded(s)
  implicit none
  character(len=*) :: padded
  character(len=*), intent(in) :: s
  padded = '<' // s // '>'
end function

function initial(s)
  implicit none
  character :: initial
  character(len=*), intent(in) :: s
  initial = s(1:1)
end function

function short_pad(s)
  implicit none
  character(len=*) :: short_pad
  character(len=*), intent(in) :: s
  short_pad = s // '----------'
end function
! Calls external character functions defined in another file, with the lengths declared
! here (character(len=12), external; a type declaration alone; character*8; character).
program char_function_callers
  implicit none
  character(len=12), external :: label
  character(len=8) :: padded
  character*5 short_pad
  external short_pad
  character :: initial
  external padded, initial
  character(len=20) :: line
  integer :: i
  do i = 1, 3
    print *, '[', label(i * 7), ']', len(label(i))
  end do
  print *, '[', padded('ab'), ']', len(padded('x'))
  line = label(42) // padded('xyz')
  print *, '[', line, ']'
  print *, initial('fortran'), initial(label(5))
  print *, '[', trim(label(100)), ']', len_trim(label(1))
  call show(short_pad('q'))
contains
  subroutine show(s)
    character(len=*), intent(in) :: s
    print *, len(s), '[', s, ']'
  end subroutine
end program
