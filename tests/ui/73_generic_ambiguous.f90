module m
  implicit none
  interface show
    module procedure show_a, show_b
  end interface
contains
  subroutine show_a(x, n)
    integer, intent(in) :: x
    integer, intent(in), optional :: n
    print *, x
  end subroutine
  subroutine show_b(x)
    integer, intent(in) :: x
    print *, -x
  end subroutine
end module m

program main
  use m
  implicit none
  call show(3)
end program main
