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
