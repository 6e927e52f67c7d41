! Structures with allocatable components (directly or in a component) cannot be
! items of list-directed or formatted input/output (there are no defined
! input/output procedures); their components can.
module io_m
  implicit none
  type :: vec
    integer, allocatable :: x(:)
    integer :: n = 0
  end type
  type :: box
    integer :: id
    type(vec) :: inner
  end type
end module

program io_alloc_comps
  use io_m
  implicit none
  type(vec) :: v
  type(box) :: b(2)
  integer :: i
  allocate(v%x(2))
  v%x = 1
  print *, v%n, v%x
  print *, v
  write (*, '(i3)') (b(i), i = 1, 2)
  read *, b(1)
end program
