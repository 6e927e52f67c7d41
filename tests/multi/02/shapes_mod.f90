! A module with private and protected entities, compiled on its own.
module shapes_mod
  implicit none
  real(8), parameter, public :: pi_approx = 3.25d0
  real(8), private :: scale = 2.0d0
  integer, protected :: made = 0
  private :: helper
  public
contains
  real(8) function area(r)
    real(8), intent(in) :: r
    area = helper(r) * pi_approx
    made = made + 1
  end function area
  real(8) function helper(r)
    real(8), intent(in) :: r
    helper = r * r * scale / 2.0d0
  end function helper
end module shapes_mod

