! Expected diagnostic: an undeclared variable inside a subroutine with implicit none
subroutine s(n)
  implicit none
  integer, intent(in) :: n
  total = n * 2
end subroutine s
