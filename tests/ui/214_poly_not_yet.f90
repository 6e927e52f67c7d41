! Polymorphic pointer array components and `select type` in compute constructs are not
! implemented yet (a polymorphic array function result and `class(*)` scalar components
! now are): each a located E0900.
module m
  implicit none
  type :: shape
    integer :: id = 0
  end type
  type :: holder
    class(shape), allocatable :: item
    class(shape), pointer :: many(:)
  end type
  type :: any_box
    class(*), pointer :: p => null()
  end type
contains
  function make() result(s)
    class(shape), allocatable :: s(:)
    allocate(s(2))
  end function
  subroutine st(h, s)
    type(holder) :: h
    type(shape) :: s
    select type (x => h%item)
    type is (shape)
      print *, x%id
    class default
      print *, x%id
    end select
  end subroutine
  subroutine dev(x, n)
    class(shape), intent(inout) :: x
    integer, intent(in) :: n
    integer :: i
    !$acc parallel loop
    do i = 1, n
      select type (x)
      type is (shape)
        x%id = i
      end select
    end do
  end subroutine
end module
