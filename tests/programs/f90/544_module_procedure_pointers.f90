! A module procedure pointer (the global __handlers_MOD_current, as gfortran names it):
! associated in module procedures and in the main program, called from both.
module handlers
  implicit none
  abstract interface
    integer function handler(x)
      integer, intent(in) :: x
    end function
  end interface
  procedure(handler), pointer :: current => null()
contains
  integer function plus1(x)
    integer, intent(in) :: x
    plus1 = x + 1
  end function
  integer function times3(x)
    integer, intent(in) :: x
    times3 = 3 * x
  end function
  subroutine install(k)
    integer, intent(in) :: k
    if (k == 1) then
      current => plus1
    else
      current => times3
    end if
  end subroutine
  integer function run(x)
    integer, intent(in) :: x
    run = current(x)
  end function
end module

program main
  use handlers
  implicit none
  print *, associated(current)
  call install(1)
  print *, associated(current, plus1), current(4), run(5)
  call install(2)
  print *, current(4), run(5)
  current => plus1
  print *, run(10)
  nullify(current)
  print *, associated(current)
end program
