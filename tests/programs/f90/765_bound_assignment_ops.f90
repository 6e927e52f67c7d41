module vecs
  implicit none
  private
  public :: vec, ivec
  type :: vec
    real :: x = 0, y = 0
  contains
    procedure, private :: assign_real, assign_int
    generic :: assignment(=) => assign_real, assign_int
    procedure, private :: cross, scale_by, negate, dot
    generic :: operator(.cross.) => cross
    generic :: operator(*) => scale_by
    generic :: operator(-) => negate
    generic, public :: operator(.dot.) => dot
    procedure, non_overridable :: norm1
    procedure, pass(self) :: show
  end type
  type, extends(vec) :: ivec
    integer :: tag = 0
  contains
    procedure :: show => ivec_show
  end type
contains
  subroutine assign_real(lhs, r)
    class(vec), intent(inout) :: lhs
    real, intent(in) :: r
    lhs%x = r
    lhs%y = r
  end subroutine
  subroutine assign_int(lhs, i)
    class(vec), intent(inout) :: lhs
    integer, intent(in) :: i
    lhs%x = real(i) * 10
    lhs%y = -real(i)
  end subroutine
  function cross(a, b) result(c)
    class(vec), intent(in) :: a, b
    real :: c
    c = a%x * b%y - a%y * b%x
  end function
  function dot(a, b) result(c)
    class(vec), intent(in) :: a, b
    real :: c
    c = a%x * b%x + a%y * b%y
  end function
  function scale_by(a, s) result(c)
    class(vec), intent(in) :: a
    real, intent(in) :: s
    type(vec) :: c
    c%x = a%x * s
    c%y = a%y * s
  end function
  function negate(a) result(c)
    class(vec), intent(in) :: a
    type(vec) :: c
    c%x = -a%x
    c%y = -a%y
  end function
  real function norm1(self)
    class(vec), intent(in) :: self
    norm1 = abs(self%x) + abs(self%y)
  end function
  subroutine show(self)
    class(vec), intent(in) :: self
    print *, 'vec', self%x, self%y
  end subroutine
  subroutine ivec_show(self)
    class(ivec), intent(in) :: self
    print *, 'ivec', self%x, self%y, self%tag
  end subroutine
end module

program p
  use vecs
  implicit none
  type(vec) :: a, b, c
  type(ivec) :: iv
  a = 2.0
  call a%show()
  b = 3
  call b%show()
  print *, a .cross. b, a .dot. b
  c = a * 0.5
  call c%show()
  c = -b
  call c%show()
  print *, c%norm1()
  iv%tag = 4
  iv = 1
  call iv%show()
  print *, iv .dot. a, iv%norm1()
end program
