! A constructor of characters with an implied-do loop passed to a `class(*)` array dummy
! is not implemented yet: a located E0900 (a polymorphic array function result as the
! argument of an inquiry intrinsic now compiles).
module shapes
  implicit none
  type :: base
    integer :: i = 0
  end type
contains
  function make(n) result(s)
    integer, intent(in) :: n
    class(base), allocatable :: s(:)
    allocate(s(n))
  end function
  subroutine show(x)
    class(*), intent(in) :: x(:)
    print *, size(x)
  end subroutine
  subroutine use_them()
    integer :: i
    print *, size(make(3))
    call show([('ab', i = 1, 2)])
  end subroutine
end module
