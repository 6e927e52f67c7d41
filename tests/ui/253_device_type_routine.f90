! A routine whose level depends on the device type is not yet implemented (E0900).
subroutine s(x)
  !$acc routine seq device_type(nvidia) vector
  real, intent(inout) :: x
  x = x + 1.0
end subroutine s
