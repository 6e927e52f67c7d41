! User-defined `.name.` operators are not implemented yet; `class(*)` dummies are.
module m
  type :: v
    real :: x
  end type
  interface operator(.cross.)
    module procedure cross
  end interface
contains
  function cross(a, b)
    type(v), intent(in) :: a, b
    type(v) :: cross
    cross%x = a%x * b%x
  end function
  subroutine s(a)
    class(*) :: a
    type(v) :: p, q
    p = p .cross. q
  end subroutine
end module
