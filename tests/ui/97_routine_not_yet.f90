subroutine s(a, n)
  !$acc routine vector
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  a = 0.0
end subroutine s
subroutine t(x)
  !$acc routine seq
  real, intent(in) :: x
  print *, x
end subroutine t
program p
  implicit none
  print *, g(1.0)
contains
  real function g(x)
    !$acc routine seq
    real, intent(in) :: x
    g = x
  end function g
end program p
