! A host's polymorphic dummy passed on from an internal procedure is not implemented yet:
! one located E0900.
module m
  implicit none
  type :: t
    integer :: a = 0
  end type
contains
  subroutine show(x)
    class(t), intent(in) :: x
    print *, x%a
  end subroutine
  subroutine outer(y)
    class(t), intent(in) :: y
    call inner()
  contains
    subroutine inner()
      call show(y)
    end subroutine
  end subroutine
end module
