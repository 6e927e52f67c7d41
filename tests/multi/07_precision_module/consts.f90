! Constants whose kinds come from another separately compiled module.
module consts
  use prec
  implicit none
  real(dp), parameter :: pi = 3.14159265358979_dp
  integer, parameter :: n = 8
  integer(ik), parameter :: big = 2_ik**40
  integer, parameter :: nhalf = n / 2
contains
  real(dp) function circle(r)
    real(dp), intent(in) :: r
    circle = pi * r**2
  end function circle
end module consts
