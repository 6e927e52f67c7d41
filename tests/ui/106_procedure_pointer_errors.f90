! Procedure pointers: an unknown interface, a target that is not a procedure, the host's
! procedure pointer in an internal procedure (not implemented yet).
module pp_errors
  implicit none
  abstract interface
    integer function op(a, b)
      integer, intent(in) :: a, b
    end function
  end interface
end module

program main
  use pp_errors
  implicit none
  procedure(no_such_iface), pointer :: p1
  procedure(op), pointer :: p2
  integer :: k
  p2 => k
  print *, associated(p2, k)
contains
  subroutine inner()
    print *, p2(1, 2)
  end subroutine
end program
