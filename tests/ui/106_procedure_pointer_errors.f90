! Procedure pointers: an unknown interface, a target that is not a procedure, a
! procedure pointer in a module (not implemented yet).
module pp_errors
  implicit none
  abstract interface
    integer function op(a, b)
      integer, intent(in) :: a, b
    end function
  end interface
  procedure(op), pointer :: global_op => null()
end module

program main
  use pp_errors
  implicit none
  procedure(no_such_iface), pointer :: p1
  procedure(op), pointer :: p2
  integer :: k
  p2 => k
  print *, associated(p2, k)
end program
