program constructor_arguments
  implicit none
  type :: pair
    integer :: a
    real :: b
    logical :: c = .false.
  end type pair
  type(pair) :: p
  p = pair(1, 2.0, .true., 4)
  p = pair(1)
  p = pair(b=1.0, a=2, d=3)
end program constructor_arguments
