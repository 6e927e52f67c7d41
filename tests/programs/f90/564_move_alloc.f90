! move_alloc: between allocatable arrays (the bounds move too, the source becomes
! unallocated, the target's old allocation is released), between allocatable
! components and arrays in both directions, between allocatable scalar components,
! with arrays of derived type holding allocatable components; growing an array the
! usual way (allocate a bigger array, copy, move_alloc back).
module ma_m
  implicit none
  type :: bag
    integer, allocatable :: items(:)
    real, allocatable :: weight
  end type
  type :: shelf
    type(bag), allocatable :: bags(:)
  end type
end module

program move_allocs
  use ma_m
  implicit none
  integer, allocatable :: a(:), b(:), grid(:, :), g2(:, :)
  type(bag) :: x, y
  type(shelf) :: s
  type(bag), allocatable :: spare(:)
  integer :: i
  allocate(a(-2:2))
  a = [(i * i, i = -2, 2)]
  call move_alloc(a, b)
  print *, allocated(a), allocated(b), lbound(b), ubound(b), b
  allocate(a(3))
  a = 1
  call move_alloc(b, a)
  print *, allocated(b), size(a), lbound(a), a
  allocate(grid(2, 3))
  grid = reshape([(i, i = 1, 6)], [2, 3])
  call move_alloc(grid, g2)
  print *, shape(g2), g2(2, 3), allocated(grid)
  ! Growing an array.
  do i = 1, 3
    allocate(b(size(a) + 1))
    b(1:size(a)) = a
    b(size(a) + 1) = 10 * i
    call move_alloc(b, a)
  end do
  print *, size(a), a
  ! Components.
  call move_alloc(a, x%items)
  print *, allocated(a), size(x%items), x%items(6)
  call move_alloc(x%items, y%items)
  print *, allocated(x%items), lbound(y%items), y%items(1)
  call move_alloc(y%items, b)
  print *, allocated(y%items), b(1:3)
  allocate(x%weight)
  x%weight = 1.25
  call move_alloc(x%weight, y%weight)
  print *, allocated(x%weight), allocated(y%weight), y%weight
  ! Arrays of structures with allocatable components.
  allocate(spare(2))
  do i = 1, 2
    allocate(spare(i)%items(i + 1))
    spare(i)%items = i
  end do
  call move_alloc(spare, s%bags)
  print *, allocated(spare), size(s%bags), s%bags(2)%items
  allocate(spare(1))
  spare(1)%items = [5, 6, 7, 8]
  call move_alloc(spare, s%bags)
  print *, size(s%bags), s%bags(1)%items
end program
