! Functions returning derived-type values (gfortran's calling convention: small structures
! in registers, larger ones through a hidden argument): module, internal and recursive
! functions, results used in expressions, as arguments and through components.
module vecs
  implicit none
  type :: v2
    real :: x, y
  end type v2
  type :: v3
    real :: x, y, z
  end type v3
  type :: tagged
    character(len=3) :: tag
    real(8) :: val
  end type tagged
  type :: mixed
    real(8) :: d
    integer :: i
  end type mixed
  type :: big
    real(8) :: a(3)
    integer :: n = 0
  end type big
contains
  type(v2) function add2(a, b)
    type(v2), intent(in) :: a, b
    add2 = v2(a%x + b%x, a%y + b%y)
  end function add2

  function cross(a, b) result(c)
    type(v3), intent(in) :: a, b
    type(v3) :: c
    c%x = a%y * b%z - a%z * b%y
    c%y = a%z * b%x - a%x * b%z
    c%z = a%x * b%y - a%y * b%x
  end function cross

  function label(t, v) result(r)
    character(len=*), intent(in) :: t
    real(8), intent(in) :: v
    type(tagged) :: r
    r%tag = t
    r%val = v * 2
  end function label

  type(mixed) function mk(d, i)
    real(8), intent(in) :: d
    integer, intent(in) :: i
    mk%d = d
    mk%i = i
  end function mk

  function scaled(b, f) result(r)
    type(big), intent(in) :: b
    real(8), intent(in) :: f
    type(big) :: r
    r%a = b%a * f
    r%n = b%n + 1
  end function scaled

  recursive function power(b, k) result(r)
    type(big), intent(in) :: b
    integer, intent(in) :: k
    type(big) :: r
    if (k == 0) then
      r = big([1d0, 1d0, 1d0], 0)
    else
      r = power(b, k - 1)
      r%a = r%a * b%a
      r%n = r%n + 1
    end if
  end function power
end module vecs

program dt_functions
  use vecs
  implicit none
  type(v2) :: p, q
  type(v3) :: e1, e2, e3
  type(tagged) :: t
  type(mixed) :: m(3)
  type(big) :: b, c
  integer :: i
  p = v2(1.0, 2.0)
  q = add2(p, v2(0.5, -4.0))
  print *, q, add2(q, q)
  q = add2(p, add2(p, p))
  print *, q%y
  e1 = v3(1.0, 0.0, 0.0)
  e2 = v3(0.0, 1.0, 0.0)
  e3 = cross(e1, e2)
  print *, e3, cross(e2, e3), cross(e3, e1)
  t = label('abc', 1.25d0)
  print *, t%tag, t%val, label('x', 3d0)
  do i = 1, 3
    m(i) = mk(0.5d0 * i, -i)
  end do
  print *, m
  b = big([1d0, 2d0, 3d0], 5)
  c = scaled(scaled(b, 2d0), 0.5d0)
  print *, c
  c = power(b, 2)
  print *, power(b, 3), sum(c%a)
  print *, twice(p)
contains
  type(v2) function twice(a)
    type(v2), intent(in) :: a
    twice = add2(a, a)
  end function twice
end program dt_functions
