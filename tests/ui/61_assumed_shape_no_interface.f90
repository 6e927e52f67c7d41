! An external procedure with an assumed-shape dummy called without an explicit interface.
program p
  implicit none
  real :: x(10)
  x = 1.0
  call show(x)
end program p
subroutine show(a)
  implicit none
  real, intent(in) :: a(:)
  print *, size(a)
end subroutine show
