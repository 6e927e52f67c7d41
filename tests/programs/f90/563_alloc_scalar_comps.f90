! Allocatable scalar components: of intrinsic and of derived type, allocate and
! deallocate, allocated(), allocation on assignment, default initialisation of an
! allocated derived-type scalar, deep copies (also of the nested components), passing
! one as an actual argument, a chain x%p%q%v.
module scal_m
  implicit none
  type :: inner
    integer, allocatable :: v
    real(8), allocatable :: arr(:)
    integer :: k = 42
  end type
  type :: outer
    type(inner), allocatable :: p
    real, allocatable :: r
    logical, allocatable :: flag
    integer :: n = 0
  end type
end module

program scalar_alloc_comps
  use scal_m
  implicit none
  type(outer) :: a, b
  print *, allocated(a%p), allocated(a%r), allocated(a%flag)
  allocate(a%r)
  a%r = 2.5
  print *, allocated(a%r), a%r
  a%flag = .true.
  print *, allocated(a%flag), a%flag
  allocate(a%p)
  print *, allocated(a%p%v), allocated(a%p%arr), a%p%k
  a%p%v = 7
  allocate(a%p%arr(3))
  a%p%arr = [1d0, 2d0, 4d0]
  call bump(a%p%v)
  call bump_real(a%r)
  print *, a%p%v, a%r, sum(a%p%arr)
  b = a
  a%p%v = -1
  a%p%arr(2) = 100
  a%r = 0
  print *, b%p%v, b%p%arr, b%r, b%flag, b%p%k
  deallocate(a%p)
  print *, allocated(a%p), allocated(b%p), allocated(b%p%v)
  a = b
  print *, allocated(a%p), a%p%v, a%p%arr(2)
  deallocate(b%r, b%flag)
  print *, allocated(b%r), allocated(b%flag)
  b = a
  print *, allocated(b%r), b%r
contains
  subroutine bump(i)
    integer, intent(inout) :: i
    i = i + 10
  end subroutine
  subroutine bump_real(x)
    real, intent(inout) :: x
    x = x * 2
  end subroutine
end program
