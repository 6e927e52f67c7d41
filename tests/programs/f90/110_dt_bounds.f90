! Array components with lower bounds other than 1: inquiry and reduction intrinsics,
! reversed sections, merge, and copies between elements of an array of structures.
program dt_bounds
  implicit none
  type :: t
    real :: v(0:3)
    integer :: m(-1:1, 2)
  end type
  type(t) :: x, y(2)
  integer :: i
  x%v = [(real(i), i = 0, 3)]
  x%m(:,1) = [1,2,3]; x%m(:,2) = [4,5,6]
  print *, lbound(x%v), ubound(x%v), size(x%v), lbound(x%m), ubound(x%m, 1), shape(x%m)
  print *, maxloc(x%v), minloc(x%m), x%v(0), x%m(-1, 2)
  print *, dot_product(x%v, x%v), product(x%v(1:)), sum(x%m, dim=2)
  y(1) = x
  y(2)%v = x%v(3:0:-1)
  print *, y(2)%v, merge(x%v, y(2)%v, x%v > 1.5)
  print *, maxval(y(2)%m), any(y(1)%m > 5)
end program dt_bounds
