! Expected diagnostic: a real actual argument for an integer dummy of a module procedure
module m
  implicit none
contains
  subroutine show(k)
    integer, intent(in) :: k
    print *, k
  end subroutine show
end module m
program p
  use m
  implicit none
  call show(2.5)
end program p
