! complex(16) functions (external and module ones): results in memory the caller passes
! first, as gfortran returns them.
module cfm
contains
  complex(16) function rot(z, t)
    complex(16), intent(in) :: z
    real(16), intent(in) :: t
    rot = z * cmplx(0.0_16, t, 16)
  end function
end module
complex(16) function cq(x)
  real(16), intent(in) :: x
  cq = cmplx(x, 2 * x, 16)
end function
program p
  use cfm
  complex(16) :: cq, z
  z = cq(1.5_16)
  print *, z, rot(z, 2.0_16), cq(0.25_16) + rot((1.0_16, 1.0_16), -1.0_16)
end program
