! Polymorphic array pointer dummies and `class(*)` arrays are not implemented yet.
module shapes
  implicit none
  type :: base
    integer :: i
  end type
  type, extends(base) :: child
    integer :: j
  end type
contains
  subroutine make(s)
    class(base), pointer :: s(:)
    allocate(child :: s(3))
  end subroutine
  subroutine show(x)
    class(*), intent(in) :: x(:)
  end subroutine
end module
