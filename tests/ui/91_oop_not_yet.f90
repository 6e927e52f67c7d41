! Polymorphic allocatables and unlimited polymorphism are not implemented yet.
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
    class(base), allocatable :: s
    allocate(child :: s)
  end subroutine
  subroutine show(x)
    class(*), intent(in) :: x
  end subroutine
end module
