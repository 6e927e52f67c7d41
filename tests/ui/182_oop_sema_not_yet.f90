! Finalization, polymorphic allocatables and bindings with a passed object are not
! implemented yet: each a located E0900.
module m
  type :: t
    integer :: i
  contains
    final :: cleanup
    procedure :: show
  end type
contains
  subroutine cleanup(x)
    type(t) :: x
  end subroutine
  subroutine show(x)
    class(t) :: x
  end subroutine
  subroutine s(b)
    class(t), allocatable :: b
    class(t) :: c
  end subroutine
end module
