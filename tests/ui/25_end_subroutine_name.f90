! Expected diagnostic: the end statement names another subroutine
subroutine alpha(x)
  implicit none
  real :: x
  x = 1.0
end subroutine beta
