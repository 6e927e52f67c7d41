! An array of the wrong rank for an assumed-shape dummy argument.
module m
  implicit none
contains
  subroutine s(b)
    real, intent(in) :: b(:,:)
    print *, sum(b)
  end subroutine s
end module m
program p
  use m
  implicit none
  real :: x(10)
  x = 1.0
  call s(x)
end program p
