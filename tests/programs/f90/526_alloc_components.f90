! Allocatable array components: allocate/deallocate/allocated, bounds, element,
! section and whole-array references, deep copies, reallocation on assignment,
! arrays of structures, actual arguments for explicit- and assumed-shape dummies.
module grid_m
  implicit none
  type :: field
    real(8), allocatable :: d(:, :)
    integer, allocatable :: idx(:)
    integer :: n = 0
  end type
  type :: chunk
    type(field) :: f
    real, allocatable :: w(:)
  end type
end module

program alloc_comps
  use grid_m
  implicit none
  type(field) :: a, b
  type(chunk) :: cs(3)
  integer :: i, j
  print *, allocated(a%d), allocated(a%idx)
  allocate(a%d(0:3, 2), a%idx(5))
  print *, allocated(a%d), size(a%d), size(a%d, 1), lbound(a%d), ubound(a%d)
  do j = 1, 2
    do i = 0, 3
      a%d(i, j) = i + 10 * j
    end do
  end do
  a%idx = 7
  a%idx(2:4) = [1, 2, 3]
  a%n = 5
  print *, a%d
  print *, a%idx, sum(a%idx), a%n
  b = a
  a%idx(1) = 100
  print *, b%idx, shape(b%d), b%d(3, 2)
  call show(b%idx, size(b%idx))
  call twice(b%d)
  print *, b%d(:, 1)
  deallocate(a%idx)
  print *, allocated(a%idx), allocated(b%idx)
  do i = 1, 3
    allocate(cs(i)%w(i))
    cs(i)%w = real(i)
    allocate(cs(i)%f%idx(2 * i))
    cs(i)%f%idx = i
  end do
  print *, (sum(cs(i)%w), size(cs(i)%f%idx), i = 1, 3)
  cs(1) = cs(3)
  print *, cs(1)%w, cs(1)%f%idx
  b%idx = [9, 8, 7, 6]
  print *, b%idx, size(b%idx)
  a%idx = b%idx(2:3)
  print *, a%idx, lbound(a%idx), ubound(a%idx)
  b = a
  print *, allocated(b%d), size(b%idx), b%idx
contains
  subroutine show(v, n)
    integer, intent(in) :: n
    integer, intent(in) :: v(n)
    print *, 'show', v
  end subroutine
  subroutine twice(x)
    real(8), intent(inout) :: x(:, :)
    x = 2 * x
  end subroutine
end program
