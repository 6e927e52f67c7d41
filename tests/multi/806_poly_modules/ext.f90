! Extensions of a type from another module file: overriding and inherited bindings.
module kinds_ext
  use kinds_base
  implicit none
  type, extends(body) :: ball
    real :: radius = 1.0
  contains
    procedure :: mass => ball_mass
  end type
  type, extends(ball) :: heavy_ball
    real :: density = 8.0
  contains
    procedure :: mass => heavy_mass
    procedure :: describe => heavy_describe
  end type
contains
  real function ball_mass(self)
    class(ball), intent(in) :: self
    ball_mass = self%radius ** 3
  end function
  real function heavy_mass(self)
    class(heavy_ball), intent(in) :: self
    heavy_mass = self%density * self%radius ** 3
  end function
  subroutine heavy_describe(self)
    class(heavy_ball), intent(in) :: self
    print '(a, i4, 2f8.2)', ' heavy', self%id, self%mass(), self%density
  end subroutine
  subroutine describe_all(bs)
    class(body), intent(in) :: bs(:)
    integer :: i
    do i = 1, size(bs)
      call bs(i)%describe()
    end do
  end subroutine
end module
