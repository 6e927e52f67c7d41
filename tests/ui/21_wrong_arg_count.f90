! Expected diagnostic: a call with too many arguments for the subroutine's interface
program p
  implicit none
  call twice(1, 2)
contains
  subroutine twice(k)
    integer, intent(in) :: k
    print *, 2 * k
  end subroutine twice
end program p
