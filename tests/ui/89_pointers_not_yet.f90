! Pointer features not implemented yet: each use is a located "not yet implemented".
module pointers_not_yet
  implicit none
  type pair
    integer :: a, b
  end type
  type(pair), target :: saved
contains
  function current() result(p)
    type(pair), pointer :: p
    p => saved
  end function
end module

program main
  use pointers_not_yet
  implicit none
  character(len=4), pointer :: c
  current() = pair(1, 2)
end program
