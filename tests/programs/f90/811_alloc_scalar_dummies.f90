! Allocatable scalar dummies (gfortran's convention: the address of the data pointer):
! allocated, reallocated, deallocated and passed on in the callee; `intent(out)` ones
! arrive deallocated; derived types with allocatable components; module variables and
! dummies as actuals.
module boxes
  implicit none
  type :: bag
    integer :: n = 0
    integer, allocatable :: items(:)
  end type
  real(8), allocatable :: shared
contains
  subroutine grow(x, by)
    integer, allocatable, intent(inout) :: x
    integer, intent(in) :: by
    if (.not. allocated(x)) then
      allocate(x)
      x = 0
    end if
    x = x + by
  end subroutine
  subroutine twice(x)
    integer, allocatable, intent(inout) :: x
    call grow(x, 1)
    call grow(x, 1)
  end subroutine
  subroutine reset(x)
    integer, allocatable, intent(out) :: x
    print *, 'reset sees allocated:', allocated(x)
  end subroutine
  subroutine fill(b, k)
    type(bag), allocatable, intent(inout) :: b
    integer, intent(in) :: k
    integer :: i
    if (allocated(b)) deallocate(b)
    allocate(b)
    b%n = k
    b%items = [(10 * k + i, i = 1, k)]
  end subroutine
  subroutine set_shared(r, v)
    real(8), allocatable, intent(inout) :: r
    real(8), intent(in) :: v
    if (.not. allocated(r)) allocate(r)
    r = v
  end subroutine
end module

program alloc_scalar_dummies
  use boxes
  implicit none
  integer, allocatable :: c
  type(bag), allocatable :: b
  call grow(c, 5)
  print *, allocated(c), c
  call twice(c)
  print *, c
  call reset(c)
  print *, allocated(c)
  call twice(c)
  print *, c
  call fill(b, 2)
  print *, b%n, b%items
  call fill(b, 3)
  print *, b%n, b%items
  call set_shared(shared, 2.5d0)
  call set_shared(shared, shared * 2)
  print *, shared
end program
