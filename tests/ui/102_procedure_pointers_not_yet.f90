! Procedure pointer forms not implemented yet: components with a passed-object dummy,
! other attributes, an initial target, and `procedure` without an interface name.
module pp_not_yet
  implicit none
  abstract interface
    real function f1(x)
      real, intent(in) :: x
    end function
  end interface
  type holder
    procedure(f1), pointer, nopass :: f => null()
    procedure(f1), pointer :: g => null()
  end type
contains
  real function ident(x)
    real, intent(in) :: x
    ident = x
  end function
end module

program procedure_pointers_not_yet
  use pp_not_yet
  implicit none
  procedure(f1), pointer, volatile :: fp
  procedure(f1), pointer :: gp => ident
  procedure(), pointer :: hp
  procedure(real), pointer :: rp
end program
