module m
  implicit none
  interface twice
    module procedure twice_i, twice_x
  end interface
contains
  integer function twice_i(x)
    integer, intent(in) :: x
    twice_i = 2 * x
  end function
end module m
