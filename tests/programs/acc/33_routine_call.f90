! A kernel calling an `!$acc routine seq` function with an array element and a private
! scalar, both passed by reference.
module scaling
  implicit none
contains
  real function scale2(x)
    !$acc routine seq
    real, intent(in) :: x
    scale2 = 2.0 * x + 1.0
  end function scale2
end module scaling

program routine_call
  use scaling
  implicit none
  real :: a(64)
  integer :: i
  real :: t
  !$acc parallel loop copyout(a) private(t)
  do i = 1, 64
    t = real(i)
    a(i) = scale2(t)
  end do
  print *, sum(a)
end program routine_call
