! allocate with source= (array constructors, whole arrays with their bounds, scalars
! broadcast, structures copied deeply into every element), mold= (shape only) and a
! character type spec; allocating an allocated component stops the program.
program alloc_source_mold
  implicit none
  type :: vec
    integer, allocatable :: x(:)
    integer :: n = 1
  end type
  integer, allocatable :: a(:), b(:, :), c(:)
  real, allocatable :: r(:)
  character(len=:), allocatable :: s
  type(vec), allocatable :: vs(:)
  type(vec) :: h
  integer :: i
  allocate(a(-1:2), source=[(i * i, i = 1, 4)])
  print *, lbound(a), a
  allocate(c, source=a)
  print *, lbound(c), ubound(c), c
  allocate(b(2, 3), source=7)
  print *, b
  allocate(r, mold=a * 1.5)
  print *, size(r), lbound(r)
  allocate(character(len=5) :: s)
  s = 'hello world'
  print *, len(s), s
  h%x = [1, 2, 3]
  allocate(vs(2), source=h)
  vs(1)%x(1) = 9
  print *, vs(1)%x, vs(2)%x, h%x
  allocate(h%x(2:3), source=[4, 5])
end program
