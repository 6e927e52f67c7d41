! External functions with deferred-length character results (gfortran's convention: a
! pointer to the result's address and one to its length come first; the memory is malloc'd
! by the callee and freed by the caller).
function shout(s) result(r)
  implicit none
  character(len=*), intent(in) :: s
  character(len=:), allocatable :: r
  r = s // '!' // s
end function

function digits_of(k) result(r)
  implicit none
  integer, intent(in) :: k
  character(len=:), allocatable :: r
  character(len=20) :: buf
  write (buf, '(i0)') k
  r = trim(buf)
end function
