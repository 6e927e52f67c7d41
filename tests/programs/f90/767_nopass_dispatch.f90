module registry
  implicit none
  type, abstract :: plugin
    integer :: calls = 0
  contains
    procedure(describe_iface), nopass, deferred :: describe
    procedure, nopass :: version => base_version
    procedure :: run
  end type
  abstract interface
    function describe_iface(n) result(s)
      integer, intent(in) :: n
      integer :: s
    end function
  end interface
  type :: amount
    integer :: v = 0
  contains
    procedure :: plus => amount_plus
    generic :: operator(+) => plus
    procedure :: less => amount_less
    generic :: operator(<) => less
  end type
  type, extends(amount) :: bonus
  contains
    procedure :: plus => bonus_plus
  end type
  type, extends(plugin) :: doubler
  contains
    procedure, nopass :: describe => doubler_describe
  end type
  type, extends(plugin) :: squarer
  contains
    procedure, nopass :: describe => squarer_describe
    procedure, nopass :: version => squarer_version
  end type
contains
  integer function amount_plus(a, b)
    class(amount), intent(in) :: a
    type(amount), intent(in) :: b
    amount_plus = a%v + b%v
  end function
  integer function bonus_plus(a, b)
    class(bonus), intent(in) :: a
    type(amount), intent(in) :: b
    bonus_plus = a%v + b%v + 100
  end function
  logical function amount_less(a, b)
    class(amount), intent(in) :: a
    type(amount), intent(in) :: b
    amount_less = a%v < b%v
  end function
  subroutine total(x, y)
    class(amount), intent(in) :: x
    type(amount), intent(in) :: y
    print *, 'total', x + y, x < y
  end subroutine
  integer function base_version()
    base_version = 1
  end function
  integer function squarer_version()
    squarer_version = 2
  end function
  function doubler_describe(n) result(s)
    integer, intent(in) :: n
    integer :: s
    s = 2 * n
  end function
  function squarer_describe(n) result(s)
    integer, intent(in) :: n
    integer :: s
    s = n * n
  end function
  subroutine run(self, n)
    class(plugin), intent(inout) :: self
    integer, intent(in) :: n
    self%calls = self%calls + 1
    print *, 'run', self%describe(n), self%version(), self%calls
  end subroutine
end module

program p
  use registry
  implicit none
  class(plugin), allocatable :: pl
  type(doubler) :: d
  integer :: i
  do i = 1, 4
    if (mod(i, 2) == 0) then
      allocate(squarer :: pl)
    else
      allocate(doubler :: pl)
    end if
    call pl%run(i + 2)
    print *, pl%describe(10), pl%version()
    deallocate(pl)
  end do
  print *, d%describe(7), d%version()
  block
    type(amount) :: a1
    type(bonus) :: b1
    a1%v = 5
    b1%v = 3
    call total(a1, a1)
    call total(b1, a1)
    print *, a1 + a1, b1 + a1
  end block
end program
