! Arrays of structures with allocatable components as dummies: intent(out) assumed-shape
! and explicit-shape dummies (components deallocated, defaults set), an allocatable
! dummy grown with move_alloc, components passed to assumed-shape dummies, sections,
! where and reductions over components.
module m
  implicit none
  type :: vec
    integer, allocatable :: x(:)
    integer :: n = 5
  end type
contains
  subroutine clear(vs)
    type(vec), intent(out) :: vs(:)
    integer :: i
    do i = 1, size(vs)
      print *, i, allocated(vs(i)%x), vs(i)%n
    end do
  end subroutine
  subroutine clear2(vs, n)
    integer, intent(in) :: n
    type(vec), intent(out) :: vs(n)
    print *, allocated(vs(1)%x), allocated(vs(n)%x), vs(n)%n
  end subroutine
  subroutine grow(vs)
    type(vec), allocatable, intent(inout) :: vs(:)
    type(vec), allocatable :: t(:)
    allocate(t(size(vs) + 1))
    t(1:size(vs)) = vs
    t(size(t))%x = [size(t)]
    call move_alloc(t, vs)
  end subroutine
  subroutine twice(a)
    integer, intent(inout) :: a(:)
    a = 2 * a
  end subroutine
end module
program struct_array_dummies
  use m
  implicit none
  type(vec) :: a(3)
  type(vec), allocatable :: b(:)
  integer :: i
  do i = 1, 3
    a(i)%x = [(i, i = 1, 3)]
    a(i)%n = i
  end do
  call twice(a(2)%x)
  a(3)%x(2:3) = [7, 8]
  where (a(1)%x > 1) a(1)%x = 0
  print *, a(1)%x, a(2)%x, a(3)%x, sum(a(2)%x), size(a(3)%x), maxloc(a(3)%x)
  call clear(a)
  print *, allocated(a(1)%x), a(1)%n
  a(2)%x = [1]
  call clear2(a, 3)
  allocate(b(1))
  b(1)%x = [1, 2]
  call grow(b)
  call grow(b)
  print *, size(b), b(1)%x, b(2)%x, b(3)%x, b(3)%n
end program
