! Type extension, type-bound procedures and polymorphism are not implemented yet.
module shapes
  implicit none
  type :: base
    integer :: i
  contains
    procedure :: show
  end type
  type, extends(base) :: child
    integer :: j
  end type
contains
  subroutine show(self)
    class(base), intent(in) :: self
    select type (self)
    type is (child)
      print *, self%j
    class default
      print *, self%i
    end select
  end subroutine
end module
