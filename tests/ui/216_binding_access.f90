! A private binding referenced outside its module is E0138 (its module's procedures and a
! public generic binding over it may use it); overriding a `non_overridable` binding is
! E0135.
module m
  implicit none
  type :: t
    integer :: v = 1
  contains
    private
    procedure :: secret
    procedure, public, non_overridable :: fixed
    generic, public :: get => secret
    procedure :: hidden_too => secret
  end type
  type, extends(t) :: u
  contains
    procedure :: fixed => u_fixed
  end type
contains
  integer function secret(self)
    class(t), intent(in) :: self
    secret = self%v
  end function
  integer function fixed(self)
    class(t), intent(in) :: self
    fixed = self%secret() + self%hidden_too()
  end function
  integer function u_fixed(self)
    class(u), intent(in) :: self
    u_fixed = 0
  end function
end module

program p
  use m
  implicit none
  type(t) :: x
  print *, x%get(), x%fixed()
  print *, x%secret()
  print *, x%hidden_too()
end program
