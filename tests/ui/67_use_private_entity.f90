module m
  implicit none
  private
  public :: visible
  integer :: hidden = 3
contains
  integer function visible()
    visible = hidden
  end function visible
end module m

program p
  use m, only: visible, hidden
  implicit none
  print *, visible(), hidden
end program p
