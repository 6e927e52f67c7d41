! Allocatable scalar dummy arguments other than polymorphic and deferred-length `character`
! ones, and allocatable `character` array dummies, are not implemented yet: a located E0900
! each.
module m
  implicit none
contains
  subroutine s(n, names, tags)
    integer, allocatable, intent(inout) :: n
    character(:), allocatable, intent(inout) :: names(:)
    character(8), allocatable, intent(inout) :: tags(:)
  end subroutine
end module
