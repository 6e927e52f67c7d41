! `type(t)` and `class(t)` declarations after an executable statement are E0030 like
! other declarations (they were "not yet implemented: the `type` statement").
module late_m
  implicit none
  type :: point
    integer :: x = 0
  end type
contains
  subroutine s(p)
    class(point), intent(in) :: p
    integer :: n
    n = p%x
    type(point) :: q
    class(point), allocatable :: r
    print *, n
  end subroutine
end module
