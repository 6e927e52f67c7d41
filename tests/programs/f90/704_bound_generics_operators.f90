module vec2
  implicit none
  type :: v2
    integer :: x = 0, y = 0
  contains
    procedure :: add
    procedure :: scale_i, scale_v
    generic :: scale => scale_i, scale_v
    generic :: operator(+) => add
    generic :: operator(*) => scale_i
    procedure :: assign_int
    generic :: assignment(=) => assign_int
    procedure, pass(b) :: dot_left
    procedure :: norm1
  end type
  type, extends(v2) :: v3
    integer :: z = 0
  contains
    procedure :: norm1 => norm1_3
  end type
contains
  function add(a, b) result(c)
    class(v2), intent(in) :: a, b
    type(v2) :: c
    c%x = a%x + b%x
    c%y = a%y + b%y
  end function
  function scale_i(a, k) result(c)
    class(v2), intent(in) :: a
    integer, intent(in) :: k
    type(v2) :: c
    c%x = a%x * k
    c%y = a%y * k
  end function
  function scale_v(a, k) result(c)
    class(v2), intent(in) :: a
    type(v2), intent(in) :: k
    type(v2) :: c
    c%x = a%x * k%x
    c%y = a%y * k%y
  end function
  subroutine assign_int(a, n)
    class(v2), intent(inout) :: a
    integer, intent(in) :: n
    a%x = n
    a%y = -n
  end subroutine
  integer function dot_left(k, b)
    integer, intent(in) :: k
    class(v2), intent(in) :: b
    dot_left = k * (b%x + b%y)
  end function
  integer function norm1(a)
    class(v2), intent(in) :: a
    norm1 = abs(a%x) + abs(a%y)
  end function
  integer function norm1_3(a)
    class(v3), intent(in) :: a
    norm1_3 = abs(a%x) + abs(a%y) + abs(a%z)
  end function
  subroutine report(a)
    class(v2), intent(in) :: a
    print *, 'norm1', a%norm1(), 'dot', a%dot_left(3)
  end subroutine
end module

program p
  use vec2
  implicit none
  type(v2) :: a, b, c
  type(v3) :: d
  a = v2(1, 2)
  b = v2(3, -4)
  c = a + b
  print *, c%x, c%y
  c = a * 5
  print *, c%x, c%y
  c = a%scale(b)
  print *, c%x, c%y
  c = a%scale(2)
  print *, c%x, c%y
  c = 7
  print *, c%x, c%y
  print *, a%dot_left(10), b%norm1()
  d%x = 1
  d%y = -2
  d%z = 3
  print *, d%norm1(), d%v2%norm1()
  call report(a)
  call report(d)
  c = d%v2 + a
  print *, c%x, c%y
end program
