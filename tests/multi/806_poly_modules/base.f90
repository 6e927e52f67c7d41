! Types with deferred, generic, nopass and private bindings, a final procedure and a
! polymorphic component, used from other files through the module file.
module kinds_base
  implicit none
  private
  public :: body, holder, count_finals, nfinal
  integer, save :: nfinal = 0
  type, abstract :: body
    integer :: id = 0
  contains
    procedure(mass_iface), deferred :: mass
    procedure :: describe
    procedure, nopass :: kind_name
    procedure, private :: scaled_int
    procedure, private :: scaled_real
    generic :: scaled => scaled_int, scaled_real
  end type
  abstract interface
    real function mass_iface(self)
      import :: body
      class(body), intent(in) :: self
    end function
  end interface
  type :: holder
    class(body), allocatable :: item
    integer :: tag = 0
  contains
    final :: holder_gone
  end type
contains
  subroutine describe(self)
    class(body), intent(in) :: self
    print '(a, i4, f8.2)', ' body', self%id, self%mass()
  end subroutine
  function kind_name() result(s)
    character(8) :: s
    s = 'body'
  end function
  integer function scaled_int(self, k)
    class(body), intent(in) :: self
    integer, intent(in) :: k
    scaled_int = self%id * k
  end function
  real function scaled_real(self, x)
    class(body), intent(in) :: self
    real, intent(in) :: x
    scaled_real = self%mass() * x
  end function
  subroutine holder_gone(h)
    type(holder), intent(inout) :: h
    nfinal = nfinal + 1
    print *, 'holder finalized', h%tag
  end subroutine
  integer function count_finals()
    count_finals = nfinal
  end function
end module
