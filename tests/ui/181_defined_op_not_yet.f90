! A defined operator that no interface or type-bound operator provides for its operands
! is E0223, one whose specifics do not match E0127; polymorphic operands dispatch.
module m
  type :: v
    real :: x
  contains
    procedure :: vdot
    generic :: operator(.dot.) => vdot
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
  real function vdot(a, b)
    class(v), intent(in) :: a, b
    vdot = a%x * b%x
  end function
  subroutine s(a)
    class(v) :: a
    type(v) :: p, q
    real :: r
    p = p .cross. q
    r = 1.0 .cross. 2.0
    r = p .dot. q
    r = a .dot. q
    r = .twice. r
  end subroutine
end module
