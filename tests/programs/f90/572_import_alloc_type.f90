! Interface bodies that import a host type with allocatable components (import with a
! name list and without): external procedures fill and reallocate its components.
module mm
  implicit none
  type :: bag
    integer, allocatable :: items(:)
  end type
  interface
    subroutine fill(b, n)
      import :: bag
      type(bag), intent(inout) :: b
      integer, intent(in) :: n
    end subroutine
    subroutine fill2(b)
      import
      type(bag), intent(inout) :: b
    end subroutine
  end interface
end module
subroutine fill(b, n)
  use mm, only: bag
  type(bag), intent(inout) :: b
  integer, intent(in) :: n
  b%items = [n, n]
end subroutine
subroutine fill2(b)
  use mm, only: bag
  type(bag), intent(inout) :: b
  b%items = [7]
end subroutine
program import_alloc_type
  use mm
  type(bag) :: b
  call fill(b, 3)
  print *, b%items
  call fill2(b)
  print *, b%items
end program
