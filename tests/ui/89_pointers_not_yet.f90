! Pointer features not implemented yet: each use is a located "not yet implemented".
module pointers_not_yet
  implicit none
contains
  function evens(v) result(p)
    integer, pointer :: v(:)
    integer, pointer :: p(:)
    p => v(2::2)
  end function
end module

program main
  implicit none
  character(len=4), pointer :: c
end program
