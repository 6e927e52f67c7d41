! Allocatable `character` dummy arguments other than deferred-length scalars are not
! implemented yet: a located E0900 each.
module m
  implicit none
contains
  subroutine s(c, names, tags)
    character(8), allocatable, intent(inout) :: c
    character(:), allocatable, intent(inout) :: names(:)
    character(8), allocatable, intent(inout) :: tags(:)
  end subroutine
end module
