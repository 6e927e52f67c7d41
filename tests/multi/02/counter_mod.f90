! A module private by default, compiled on its own.
module counter_mod
  implicit none
  private
  public :: counter_next, counter_reset, counter_total
  integer :: count = 0
  integer, save :: total = 0
  integer, parameter :: step = 3
contains
  integer function counter_next()
    count = count + step
    total = total + count
    counter_next = count
  end function counter_next
  subroutine counter_reset()
    count = 0
    call log_reset()
  end subroutine counter_reset
  integer function counter_total()
    counter_total = total
  end function counter_total
  subroutine log_reset()
    print *, 'reset after total', total
  end subroutine log_reset
end module counter_mod

