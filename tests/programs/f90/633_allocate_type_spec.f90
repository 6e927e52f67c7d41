! allocate with a type spec: intrinsic types and kinds for arrays (with stat=, after a
! deallocate, with lower bounds), character(len=n) for deferred-length scalars (the
! length computed at run time) and for arrays of the declared length.
program allocate_type_spec
  implicit none
  real, allocatable :: r(:)
  integer(8), allocatable :: big(:, :)
  character(len=:), allocatable :: c, d
  character(len=4), allocatable :: names(:)
  double precision, allocatable :: x(:)
  integer :: n, st
  n = 7
  allocate(real :: r(3))
  r = [1.5, 2.5, 3.5]
  allocate(integer(8) :: big(2, n))
  big = 3_8
  allocate(character(len=5) :: c)
  c(1:5) = 'hello'
  print *, '[', c, ']', len(c)
  c(2:4) = 'xyz'
  print *, '[', c, ']'
  allocate(character(len=n+2) :: d)
  d = 'abc'
  print *, len(d), '[', d, ']'
  allocate(character(len=4) :: names(2))
  names = ['ab  ', 'cdef']
  allocate(double precision :: x(n), stat=st)
  x = 0.25d0
  print *, r, sum(big), shape(big), names, sum(x), st
  deallocate(r)
  allocate(real :: r(0:1))
  print *, lbound(r), ubound(r), allocated(r)
end program
