! Saved and module `class(*)` variables are not implemented yet: a located E0900 each.
module m
  implicit none
  class(*), allocatable :: saved_any
contains
  subroutine keep(y)
    class(*), intent(in) :: y
    class(*), allocatable, save :: kept
    allocate(kept, source=y)
  end subroutine
end module
