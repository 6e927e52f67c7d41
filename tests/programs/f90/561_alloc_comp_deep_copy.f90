! Deep copies in intrinsic assignment of structures whose allocatable components are
! of derived type with allocatable components of their own: the copy and the
! original are independent at every depth; assignment to an allocated structure
! replaces its components; arrays of such structures; self-assignment.
module parts_m
  implicit none
  type :: leaf
    integer, allocatable :: v(:)
    integer :: tag = -1
  end type
  type :: node
    type(leaf), allocatable :: parts(:)
    real, allocatable :: w(:)
    character(len=4) :: name = 'none'
  end type
end module

program deep_copies
  use parts_m
  implicit none
  type(node) :: a, b
  type(node) :: ns(3)
  integer :: i, k
  allocate(a%parts(3), a%w(2))
  a%w = [1.5, 2.5]
  a%name = 'aaaa'
  do i = 1, 3
    allocate(a%parts(i)%v(i))
    a%parts(i)%v = [(10 * i + k, k = 1, i)]
    a%parts(i)%tag = i
  end do
  b = a
  a%parts(2)%v(1) = -99
  a%parts(3)%tag = 0
  a%w(1) = 0
  deallocate(a%parts(1)%v)
  print *, allocated(b%parts), size(b%parts), b%name, b%w
  do i = 1, 3
    print *, i, allocated(b%parts(i)%v), b%parts(i)%tag, b%parts(i)%v
  end do
  print *, allocated(a%parts(1)%v), a%parts(2)%v, a%parts(3)%tag
  ! b already holds components: they are replaced.
  b = a
  print *, allocated(b%parts(1)%v), b%parts(2)%v, size(b%parts(3)%v)
  ! Arrays of structures.
  ns(1) = a
  ns(2) = ns(1)
  ns(1)%parts(2)%v = 7
  print *, ns(2)%parts(2)%v, ns(1)%parts(2)%v, allocated(ns(3)%parts)
  ns(3) = ns(3)
  ns(2) = ns(2)
  print *, allocated(ns(3)%parts), size(ns(2)%parts), ns(2)%parts(3)%v
  ! An unallocated right-hand side leaves the left one unallocated.
  b = ns(3)
  print *, allocated(b%parts), allocated(b%w), b%name
end program
