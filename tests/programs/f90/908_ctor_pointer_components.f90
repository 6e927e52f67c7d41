! Structure constructors with values for pointer and allocatable components: null() for
! array and scalar pointers and allocatable arrays (disassociated, unallocated), targets
! that the pointer components become associated with (whole arrays, strided sections,
! elements), keywords in any order; integer(16) components in list-directed I/O.
program pn
  implicit none
  type t
    integer :: k
    real, pointer :: p(:)
    integer(16) :: big
    complex, allocatable :: c(:)
    real, pointer :: s
  end type
  type u
    integer(16) :: big
    integer :: k
  end type
  type(t) :: a
  type(u) :: b
  real, target :: r(3) = [1., 2., 3.]
  character(len=60) :: line
  a = t(1, null(), 170141183460469231731687303715884105727_16, null(), null())
  print *, associated(a%p), associated(a%s), allocated(a%c), a%k, a%big
  a = t(2, r, -5_16, [(1., 2.)], r(2))
  print *, associated(a%p), a%p, a%big, a%c, a%s
  a = t(k=3, s=null(), p=r(1:3:2), big=7, c=null())
  print *, associated(a%p), associated(a%s), allocated(a%c), a%p
  b = u(12345678901234567890_16, 3)
  print *, b
  write(line, *) b
  b = u(0, 0)
  read(line, *) b
  print *, b
end program
