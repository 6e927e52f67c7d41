! Abstract integrators: a deferred binding with extra arguments, pass(arg) on a
! non-first dummy, a generic binding over a passed-object and a plain specific,
! select type to configure, and a type-bound operator on an extended type.
module integrators
  implicit none
  type, abstract :: rule
    integer :: n = 4
  contains
    procedure(integrate_if), deferred :: integrate
    procedure :: with_n_int, with_n_pair
    generic :: with_n => with_n_int, with_n_pair
    procedure, pass(r) :: describe
  end type
  abstract interface
    integer function integrate_if(r, a, b)
      import :: rule
      class(rule), intent(in) :: r
      integer, intent(in) :: a, b
    end function
  end interface
  type, extends(rule) :: left_sum
  contains
    procedure :: integrate => left_integrate
  end type
  type, extends(rule) :: mid_sum
    integer :: weight = 2
  contains
    procedure :: integrate => mid_integrate
    procedure :: plus
    generic :: operator(+) => plus
  end type
contains
  integer function left_integrate(r, a, b)
    class(left_sum), intent(in) :: r
    integer, intent(in) :: a, b
    integer :: i, h
    h = (b - a) / r%n
    left_integrate = 0
    do i = 0, r%n - 1
      left_integrate = left_integrate + (a + i * h)**2 * h
    end do
  end function
  integer function mid_integrate(r, a, b)
    class(mid_sum), intent(in) :: r
    integer, intent(in) :: a, b
    integer :: i, h
    h = (b - a) / r%n
    mid_integrate = 0
    do i = 0, r%n - 1
      mid_integrate = mid_integrate + r%weight * (a + i * h + h / 2)**2 * h
    end do
  end function
  integer function with_n_int(r, m)
    class(rule), intent(in) :: r
    integer, intent(in) :: m
    with_n_int = r%n * m
  end function
  integer function with_n_pair(r, m, k)
    class(rule), intent(in) :: r
    integer, intent(in) :: m, k
    with_n_pair = r%n * m + k
  end function
  subroutine describe(tag, r)
    character(*), intent(in) :: tag
    class(rule), intent(in) :: r
    print *, tag, r%n, r%integrate(0, 8)
  end subroutine
  function plus(x, y) result(z)
    class(mid_sum), intent(in) :: x, y
    type(mid_sum) :: z
    z%n = x%n + y%n
    z%weight = x%weight * y%weight
  end function
  subroutine configure(r, n)
    class(rule), intent(inout) :: r
    integer, intent(in) :: n
    r%n = n
    select type (r)
    type is (mid_sum)
      r%weight = 3
    end select
  end subroutine
end module

program p
  use integrators
  implicit none
  type(left_sum) :: l
  type(mid_sum) :: m, m2
  call l%describe('left ')
  call m%describe('mid  ')
  call configure(l, 8)
  call configure(m, 2)
  call l%describe('left8')
  call m%describe('mid2 ')
  print *, l%with_n(3), m%with_n(3, 1), l%integrate(2, 10)
  m2 = m + m
  print *, m2%n, m2%weight, m2%integrate(0, 8)
end program
