! Sections of allocatable component arrays of structures: section assignment copies
! elements deeply, component sections across them, inquiry functions on components
! at depth, structure assignment, a reversed self-section reassigned.
program alloc_comp_sections
  implicit none
  type :: leaf
    integer, allocatable :: v(:)
    integer :: tag = 0
  end type
  type :: node
    type(leaf), allocatable :: parts(:)
    real, allocatable :: g(:, :)
  end type
  type(node) :: a, b
  integer :: i, j
  allocate(a%parts(3), b%parts(3))
  do i = 1, 3
    a%parts(i)%v = [(j * 10 + j, j = 1, i)]
    a%parts(i)%tag = i
  end do
  b%parts(2:3) = a%parts(1:2)
  a%parts(1)%v(1) = 0
  print *, b%parts(2)%v, b%parts(3)%v, b%parts%tag, allocated(b%parts(1)%v)
  print *, a%parts(:)%tag, size(a%parts(3)%v), ubound(a%parts(2)%v, 1)
  allocate(a%g(2, 0:4))
  a%g = 1
  print *, shape(a%g), size(a%g, 2), lbound(a%g, 2), sum(a%g(:, 1:2))
  b = a
  b%g(1, :) = 5
  print *, sum(a%g), sum(b%g), sum(b%parts(3)%v)
  a%parts = a%parts(3:1:-1)
  print *, a%parts%tag, a%parts(1)%v
end program
