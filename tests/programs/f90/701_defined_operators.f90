module vecs
  implicit none
  type vec
    real :: x, y, z
  end type
  interface operator(+)
    module procedure vadd
  end interface
  interface operator(-)
    module procedure vsub, vneg
  end interface
  interface operator(*)
    module procedure smul, vmuls, dot
  end interface
  interface operator(==)
    module procedure veq
  end interface
  interface assignment(=)
    module procedure from_real
  end interface
contains
  function vadd(a, b) result(c)
    type(vec), intent(in) :: a, b
    type(vec) :: c
    c = vec(a%x + b%x, a%y + b%y, a%z + b%z)
  end function
  function vsub(a, b) result(c)
    type(vec), intent(in) :: a, b
    type(vec) :: c
    c = vec(a%x - b%x, a%y - b%y, a%z - b%z)
  end function
  function vneg(a) result(c)
    type(vec), intent(in) :: a
    type(vec) :: c
    c = vec(-a%x, -a%y, -a%z)
  end function
  function smul(s, a) result(c)
    real, intent(in) :: s
    type(vec), intent(in) :: a
    type(vec) :: c
    c = vec(s*a%x, s*a%y, s*a%z)
  end function
  function vmuls(a, s) result(c)
    type(vec), intent(in) :: a
    real, intent(in) :: s
    type(vec) :: c
    c = vec(s*a%x, s*a%y, s*a%z)
  end function
  real function dot(a, b)
    type(vec), intent(in) :: a, b
    dot = a%x*b%x + a%y*b%y + a%z*b%z
  end function
  logical function veq(a, b)
    type(vec), intent(in) :: a, b
    veq = a%x == b%x .and. a%y == b%y .and. a%z == b%z
  end function
  subroutine from_real(v, s)
    type(vec), intent(out) :: v
    real, intent(in) :: s
    v = vec(s, s, s)
  end subroutine
end module

program p
  use vecs
  implicit none
  type(vec) :: a, b, c
  real :: d
  integer :: i
  a = vec(1.0, 2.0, 3.0)
  b = vec(0.5, 0.25, 2.0)
  c = a + b
  print *, c
  c = a - b
  print *, c
  c = -a
  print *, c
  c = 2.0 * a + b * 4.0
  print *, c
  d = a * b
  print *, d
  print *, a == a, a == b
  if (a + b == b + a) print *, 'commutes'
  c = 1.5
  print *, c
  c = a
  print *, c
  do i = 1, 3
    c = c + a
  end do
  print *, c, (a + b) * (a - b)
end program
