! Allocatable components inside compute constructs are not implemented yet.
program alloc_comp_in_compute
  implicit none
  type :: t
    integer, allocatable :: v(:)
  end type
  type(t) :: x
  integer :: i
  allocate(x%v(10))
  !$acc parallel loop copy(x)
  do i = 1, 10
    x%v(i) = i
  end do
  print *, x%v(1)
end program
