! Structure constructors with values for allocatable components: arrays (their shape,
! and the bounds of a whole array variable), scalars of intrinsic and derived type,
! nested constructors, function results and constructors as values of other
! constructors and of array constructors; omitted allocatable components stay
! unallocated; a loop builds and drops many temporaries.
module shapes_m
  implicit none
  type :: poly
    real(8), allocatable :: xs(:), ys(:)
    integer, allocatable :: tag
    character(len=3) :: name = 'pol'
  end type
  type :: scene
    type(poly), allocatable :: items(:)
    type(poly) :: frame
    type(poly), allocatable :: extra
  end type
contains
  function square(s) result(p)
    real(8), intent(in) :: s
    type(poly) :: p
    p = poly([0d0, s, s, 0d0], [0d0, 0d0, s, s], 4, 'sqr')
  end function
  real(8) function area(p)
    type(poly), intent(in) :: p
    integer :: i, j, n
    n = size(p%xs)
    area = 0
    do i = 1, n
      j = mod(i, n) + 1
      area = area + p%xs(i) * p%ys(j) - p%xs(j) * p%ys(i)
    end do
    area = abs(area) / 2
  end function
end module

program ctor_alloc_comps
  use shapes_m
  implicit none
  type(poly) :: a, b
  type(scene) :: s
  real(8), allocatable :: w(:)
  integer :: i
  real(8) :: total
  a = poly([0d0, 2d0, 0d0], [0d0, 0d0, 2d0], 3, 'tri')
  print *, size(a%xs), a%ys, a%tag, a%name, area(a)
  allocate(w(0:2))
  w = [1d0, 2d0, 3d0]
  b = poly(w, w * 2)
  print *, lbound(b%xs), ubound(b%ys), b%ys, allocated(b%tag), b%name
  print *, area(square(3d0)), area(poly([0d0, 1d0, 0d0], [0d0, 0d0, 1d0], name='t'))
  s = scene([a, square(1d0), b], square(2d0), poly([5d0], [6d0], 7))
  print *, size(s%items), s%items(2)%xs, s%items(3)%name, allocated(s%items(3)%tag)
  print *, s%frame%xs, s%extra%tag, s%extra%ys
  s = scene(frame=a)
  print *, allocated(s%items), allocated(s%extra), s%frame%name
  total = 0
  do i = 1, 2000
    b = poly([1d0 * i, w(1)], [w(2), w(0)], i)
    total = total + area(square(0.5d0 * mod(i, 4))) + b%xs(1) + b%tag
  end do
  print *, total
end program
