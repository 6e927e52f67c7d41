program unknown_component
  implicit none
  type :: point
    real :: x, y
  end type point
  type(point) :: p
  p%x = 1.0
  p%z = 2.0
  print *, p%x
end program unknown_component
