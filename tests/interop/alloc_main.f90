! The caller of alloc_sub.f90's procedures (see there).
program alloc_interop
  implicit none
  ! bag_fill is called through an implicit interface (the type is passed by address),
  ! bags_make through an interface body importing it.
  type :: bag
    sequence
    integer, allocatable :: items(:)
    real(8), allocatable :: w
    integer :: count
  end type
  interface
    subroutine bags_make(bs, n)
      import :: bag
      type(bag), allocatable, intent(out) :: bs(:)
      integer, intent(in) :: n
    end subroutine
    subroutine push(v, x)
      integer, allocatable, intent(inout) :: v(:)
      integer, intent(in) :: x
    end subroutine
    subroutine fill(w, n)
      real(8), allocatable, intent(out) :: w(:, :)
      integer, intent(in) :: n
    end subroutine
    subroutine drop(v)
      integer, allocatable, intent(inout) :: v(:)
    end subroutine
  end interface
  integer, allocatable :: a(:)
  real(8), allocatable :: w(:, :)
  integer :: i
  type(bag) :: b, c
  type(bag), allocatable :: bs(:)
  external :: bag_fill
  do i = 1, 5
    call push(a, 3 * i)
  end do
  print *, a, lbound(a), ubound(a)
  call fill(w, 2)
  print *, lbound(w), ubound(w), sum(w)
  call fill(w, 4)
  print *, lbound(w), ubound(w), sum(w)
  deallocate(w)
  call drop(a)
  print *, allocated(a), allocated(w)
  allocate(a(3))
  a = 7
  call push(a, 8)
  print *, a
  call drop(a)
  print *, allocated(a)
  call bag_fill(b, 3)
  print *, lbound(b%items), b%items, b%w, b%count
  c = b
  call bag_fill(b, 2)
  print *, lbound(b%items), b%items, b%w, b%count, c%items
  deallocate(b%items, b%w)
  call bag_fill(b, 1)
  print *, b%items, b%w
  call bags_make(bs, 3)
  print *, size(bs), allocated(bs(1)%items), bs(2)%items, bs(3)%items, allocated(bs(3)%w)
  call bags_make(bs, 2)
  print *, size(bs), bs(2)%items, bs(2)%count
end program
