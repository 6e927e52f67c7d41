module m
contains
  real function f(x)
    real, intent(in) :: x
    f = x + 1.0
  end function f
end module m
program p
  use m
  implicit none
  real :: a(10)
  integer :: i
  !$acc parallel loop copyout(a)
  do i = 1, 10
    a(i) = f(real(i))
  end do
  print *, a
end program p
