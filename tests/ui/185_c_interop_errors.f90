module m
  use iso_c_binding
  implicit none
  integer, value :: notdummy
contains
  subroutine t() bind(c, name="9bad")
  end subroutine
  subroutine u() bind(fortran)
  end subroutine
end module
