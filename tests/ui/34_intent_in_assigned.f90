! Expected diagnostic: assignment to an intent(in) dummy argument
subroutine s(k)
  implicit none
  integer, intent(in) :: k
  k = 2
end subroutine s
