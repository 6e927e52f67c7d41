! A polymorphic array function result used other than as an actual argument or the value
! of an assignment, and a constructor of characters with an implied-do loop passed to a
! `class(*)` array dummy, are not implemented yet: each a located E0900.
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
