! Intrinsic assignment to allocatable arrays of derived type with allocatable
! components: (re)allocation to the right-hand side's shape and bounds (whole arrays,
! components, array constructors of variables and function results, sections of
! itself), deep copies of every element, intent(out) structures reset on entry.
module vecs_m
  implicit none
  type :: vec
    real(8), allocatable :: x(:)
    integer :: n = 0
  end type
  type :: holder
    type(vec) :: v
    type(vec), allocatable :: vs(:)
  end type
contains
  function make(n) result(r)
    integer, intent(in) :: n
    type(vec) :: r
    integer :: i
    allocate(r%x(n))
    r%x = [(real(i, 8), i = 1, n)]
    r%n = n
  end function
  subroutine reset(h)
    type(holder), intent(out) :: h
    print *, 'reset', allocated(h%v%x), allocated(h%vs)
  end subroutine
  subroutine show(v)
    type(vec), intent(in) :: v
    if (allocated(v%x)) then
      print *, v%n, lbound(v%x), v%x
    else
      print *, v%n, 'unallocated'
    end if
  end subroutine
end module

program realloc_derived_arrays
  use vecs_m
  implicit none
  type(vec) :: a, b(3)
  type(holder) :: h, g
  type(vec), allocatable :: c(:), d(:)
  integer :: i
  a = make(3)
  call show(a)
  b = a
  b(2)%x(1) = 9
  b(3)%n = 7
  do i = 1, 3
    call show(b(i))
  end do
  ! An allocated component of another shape is reallocated.
  a%x = [1d0, 2d0, 3d0, 4d0, 5d0]
  call show(a)
  h%v = a
  allocate(h%vs(-1:0))
  h%vs(-1) = make(2)
  call show(h%vs(-1))
  call show(h%vs(0))
  ! Unallocated: takes the shape and (whole array) bounds of the right-hand side.
  c = b
  print *, size(c), lbound(c), c(2)%x, c(3)%n
  c(2)%x = -1
  print *, b(2)%x
  c = [a, make(1)]
  print *, size(c), lbound(c), c(2)%x, c(1)%n
  d = h%vs
  print *, lbound(d), ubound(d), d(-1)%x
  ! Same shape: assigned in place; another shape: reallocated.
  d = c
  print *, lbound(d), ubound(d), d(-1)%n, d(0)%x
  d = c(2:2)
  print *, lbound(d), size(d), d(1)%x
  ! The right-hand side is a section of the array itself.
  c = [c, c, make(4)]
  c = c(2:4)
  print *, size(c), (c(i)%n, i = 1, 3), c(3)%x
  ! An allocatable component array of structures.
  g%vs = c
  g%vs(1)%x(1) = 100
  print *, size(g%vs), g%vs(1)%x, c(1)%x
  g = h
  print *, lbound(g%vs), g%v%n, size(g%v%x), allocated(g%vs(0)%x)
  call reset(h)
  print *, allocated(h%v%x), allocated(h%vs)
end program
