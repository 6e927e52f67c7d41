! Complex and narrow-integer entities of a separately compiled module.
module kinds_mod
  implicit none
  integer, parameter :: i1 = selected_int_kind(2), i2 = selected_int_kind(4)
  integer, parameter :: dp = selected_real_kind(15)
  complex, parameter :: ci = (0.0, 1.0)
  complex(dp), parameter :: half = (0.5_dp, -0.5_dp)
  complex(dp) :: state = (1.0_dp, 2.0_dp)
  integer(i1) :: codes(3) = [1_i1, -2_i1, 127_i1]
  integer(i2) :: total = 0_i2
contains
  complex(dp) function step(z)
    complex(dp), intent(in) :: z
    step = z * half + state
    state = step
  end function
  subroutine tally(b)
    integer(i1), intent(in) :: b
    total = total + b
  end subroutine
end module
