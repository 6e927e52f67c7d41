! Expected diagnostic: a function called with `call`
program p
  implicit none
  call f(1)
contains
  integer function f(k)
    integer, intent(in) :: k
    f = k
  end function f
end program p
