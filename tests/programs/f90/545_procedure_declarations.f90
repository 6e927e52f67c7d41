! procedure(iface) declarations of external procedures (gfortran's link names), called
! directly and through a procedure pointer.
integer function twice_ext(x)
  implicit none
  integer, intent(in) :: x
  twice_ext = 2 * x
end function
subroutine show_ext(x)
  implicit none
  integer, intent(in) :: x
  print *, 'show', x
end subroutine
module ifaces
  implicit none
  abstract interface
    integer function int_fn(x)
      integer, intent(in) :: x
    end function
    subroutine int_sub(x)
      integer, intent(in) :: x
    end subroutine
  end interface
end module
program main
  use ifaces
  implicit none
  procedure(int_fn) :: twice_ext
  procedure(int_sub) :: show_ext
  procedure(int_fn), pointer :: p
  print *, twice_ext(21)
  call show_ext(twice_ext(4))
  p => twice_ext
  print *, p(5)
end program
