module kinds_of
  implicit none
  type :: base
    integer :: v = 1
  end type
  type, extends(base) :: mid
  end type
  type, extends(mid) :: leaf
  end type
contains
  subroutine compare(a, b)
    class(base), intent(in) :: a, b
    type(mid) :: m
    print *, same_type_as(a, b), extends_type_of(a, m), extends_type_of(b, m)
  end subroutine
end module
program p
  use kinds_of
  implicit none
  type(base) :: x
  type(mid) :: y
  type(leaf) :: z
  call compare(x, x)
  call compare(x, y)
  call compare(y, z)
  call compare(z, z)
  call compare(z, x)
  print *, same_type_as(x, y), same_type_as(y, y), extends_type_of(z, x), extends_type_of(x, z)
end program
