! A `routine nohost` procedure called from host code.
module nohost_ui
contains
  integer function twice(x)
    !$acc routine seq nohost
    integer, value :: x
    twice = 2 * x
  end function
end module

program p
  use nohost_ui
  print *, twice(3)
end program
