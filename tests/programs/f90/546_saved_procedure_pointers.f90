! Saved procedure pointers: the save attribute, and the save implied by => null(), keep
! their association between calls.
module svm
  implicit none
  abstract interface
    integer function int_fn(x)
      integer, intent(in) :: x
    end function
  end interface
contains
  integer function inc(x)
    integer, intent(in) :: x
    inc = x + 1
  end function
  integer function dec(x)
    integer, intent(in) :: x
    dec = x - 1
  end function
  integer function step(x, first)
    integer, intent(in) :: x
    logical, intent(in) :: first
    procedure(int_fn), pointer, save :: keep
    procedure(int_fn), pointer :: last => null()
    if (first) then
      keep => inc
      if (.not. associated(last)) then
        last => dec
      else
        last => inc
      end if
    end if
    step = keep(x) + last(x)
  end function
end module
program main
  use svm
  implicit none
  print *, step(10, .true.), step(20, .false.), step(30, .true.), step(40, .false.)
end program
