module m
  type, abstract :: shape
    integer :: id
  end type
  type, extends(shape) :: square
    real :: side
  end type
end module
program p
  use m
  type(shape) :: s
  type(square) :: q
  q = square(1, 2.0)
  q = shape(3)
  print *, q%side, q%nope
end program
