! A `character` length in a `block` of a procedure that uses a local variable is not
! supported yet (a dummy argument or a constant is).
module text_m
  implicit none
contains
  subroutine pad(s, n)
    character(len=*), intent(in) :: s
    integer, intent(in) :: n
    integer :: m
    m = n * 2
    block
      character(len=n) :: ok
      character(len=m) :: twice
      ok = s
      twice = s
      print *, ok, twice
    end block
  end subroutine pad
end module text_m
