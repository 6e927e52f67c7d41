! Allocatable scalar variables of intrinsic and derived type: allocate/deallocate,
! allocated(), allocation on assignment, default initialisation of an allocated
! structure, deep copies into and out of them, stat=, move_alloc between scalars and
! with scalar components, passing them as actual arguments, locals of a procedure
! (unallocated on every entry, freed on return), and deallocating an array of
! structures with allocatable components.
module sc_m
  implicit none
  type :: item
    integer, allocatable :: v(:)
    integer :: k = 42
  end type
  type :: box
    type(item), allocatable :: it
  end type
contains
  integer function counter(n) result(r)
    integer, intent(in) :: n
    integer, allocatable :: acc
    type(item), allocatable :: t
    r = 0
    if (allocated(acc) .or. allocated(t)) r = -1000
    acc = n
    allocate(t)
    t%v = [(acc, acc = 1, n)]
    acc = sum(t%v)
    r = r + acc + t%k
  end function
  subroutine twice(x)
    real(8), intent(inout) :: x
    x = 2 * x
  end subroutine
end module

program alloc_scalars
  use sc_m
  implicit none
  integer, allocatable :: n, m
  real(8), allocatable :: x
  logical, allocatable :: flag
  type(item), allocatable :: a, b
  type(box) :: bx
  type(item), allocatable :: arr(:)
  integer :: st, i
  print *, allocated(n), allocated(x), allocated(a)
  allocate(n)
  n = 5
  x = 1.5d0
  flag = n > 3
  call twice(x)
  print *, allocated(n), n, x, flag
  allocate(a)
  print *, allocated(a%v), a%k
  a%v = [1, 2, 3]
  b = a
  b%v(1) = -1
  print *, a%v, b%v, b%k
  allocate(n, stat=st)
  print *, st > 0, n
  deallocate(n)
  allocate(n, stat=st)
  print *, st, allocated(n)
  call move_alloc(n, m)
  print *, allocated(n), allocated(m)
  call move_alloc(a, bx%it)
  print *, allocated(a), bx%it%v, bx%it%k
  call move_alloc(bx%it, b)
  print *, allocated(bx%it), b%v
  deallocate(b, x, flag)
  print *, allocated(b), allocated(x), allocated(flag)
  print *, counter(3), counter(4)
  allocate(arr(3))
  do i = 1, 3
    arr(i)%v = [i, i]
  end do
  deallocate(arr)
  print *, allocated(arr)
  deallocate(m)
  deallocate(m)
end program
