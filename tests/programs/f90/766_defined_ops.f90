module ops
  implicit none
  type :: frac
    integer :: num = 0, den = 1
  contains
    procedure, private :: fadd, fmul_int, fneg, feq, set_int, set_frac
    generic :: operator(+) => fadd
    generic :: operator(.times.) => fmul_int
    generic :: operator(.neg.) => fneg
    generic :: operator(==) => feq
    generic :: assignment(=) => set_int, set_frac
    procedure, non_overridable :: show
  end type
  integer :: nset = 0
  interface operator(.plustwo.)
    module procedure plus2_int, plus2_real
  end interface
  interface operator(.avg.)
    module procedure avg_frac
  end interface
contains
  integer function gcd(a, b)
    integer, intent(in) :: a, b
    integer :: x, y, t
    x = abs(a)
    y = abs(b)
    do while (y /= 0)
      t = mod(x, y)
      x = y
      y = t
    end do
    gcd = max(x, 1)
  end function
  function reduce(n, d) result(f)
    integer, intent(in) :: n, d
    type(frac) :: f
    integer :: g
    g = gcd(n, d)
    f%num = n / g
    f%den = d / g
    if (f%den < 0) then
      f%num = -f%num
      f%den = -f%den
    end if
  end function
  function fadd(a, b) result(c)
    class(frac), intent(in) :: a, b
    type(frac) :: c
    c = reduce(a%num * b%den + b%num * a%den, a%den * b%den)
  end function
  function fmul_int(a, k) result(c)
    class(frac), intent(in) :: a
    integer, intent(in) :: k
    type(frac) :: c
    c = reduce(a%num * k, a%den)
  end function
  function fneg(a) result(c)
    class(frac), intent(in) :: a
    type(frac) :: c
    c%num = -a%num
    c%den = a%den
  end function
  logical function feq(a, b)
    class(frac), intent(in) :: a, b
    feq = a%num * b%den == b%num * a%den
  end function
  subroutine set_int(lhs, k)
    class(frac), intent(inout) :: lhs
    integer, intent(in) :: k
    lhs%num = k
    lhs%den = 1
  end subroutine
  subroutine set_frac(lhs, f)
    class(frac), intent(inout) :: lhs
    type(frac), intent(in) :: f
    lhs%num = f%num
    lhs%den = f%den
    nset = nset + 1
  end subroutine
  subroutine show(self)
    class(frac), intent(in) :: self
    print *, self%num, '/', self%den
  end subroutine
  integer function plus2_int(a, b)
    integer, intent(in) :: a, b
    plus2_int = a + b + 2
  end function
  real function plus2_real(a, b)
    real, intent(in) :: a, b
    plus2_real = a + b + 2.0
  end function
  function avg_frac(a, b) result(c)
    type(frac), intent(in) :: a, b
    type(frac) :: c
    c = reduce(a%num * b%den + b%num * a%den, 2 * a%den * b%den)
  end function
end module

program p
  use ops
  implicit none
  type(frac) :: a, b, c
  integer :: k
  a = 3
  call a%show()
  b = reduce(1, 2)
  call b%show()
  c = a + b
  call c%show()
  c = b .times. 6
  call c%show()
  c = .neg. b + a
  call c%show()
  c = a + b .times. 2
  call c%show()
  print *, c == reduce(8, 1), (b .times. 2) == reduce(1, 1)
  k = 3 .plustwo. 4 * 2
  print *, k, 1.5 .plustwo. 0.25
  c = a .avg. b
  call c%show()
  c = .neg. (.neg. a)
  call c%show()
  print *, 'defined assignments of fractions', nset
end program
