! Polymorphic arrays are host-only for now: one referenced inside a compute construct is
! a located E0900.
module m
  implicit none
  type :: shape
    integer :: id = 0
  end type
contains
  subroutine arr(v, n)
    class(shape), intent(inout) :: v(:)
    integer, intent(in) :: n
    integer :: i
    !$acc parallel loop
    do i = 1, n
      v(i)%id = i
    end do
  end subroutine
end module
