! An intrinsic-type guard on a selector that is not `class(*)` can never match (E0252); a
! `class(T)` dummy takes no intrinsic-type actual (E0230); assigning an intrinsic value to
! a `class(T)` allocatable is E0221.
module m
  implicit none
  type :: shape
    integer :: id = 0
  end type
contains
  recursive subroutine s(x, u)
    class(shape), intent(in) :: x
    class(*), intent(in) :: u
    class(shape), allocatable :: a
    select type (x)
    type is (integer)
      print *, 'never'
    end select
    select type (u)
    type is (integer)
      print *, 'fine', u
    type is (shape)
      print *, 'fine too', u%id
    end select
    call s(3, 4)
    a = 5
  end subroutine
end module
