module m
  implicit none
  interface put
    module procedure put_i, put_r
  end interface
contains
  subroutine put_i(x)
    integer, intent(in) :: x
    print *, x
  end subroutine
  subroutine put_r(x, n)
    real, intent(in) :: x(:)
    integer, intent(in), optional :: n
    print *, x
  end subroutine
end module m

program main
  use m
  implicit none
  real(8) :: d
  d = 1.0d0
  call put(d)
end program main
