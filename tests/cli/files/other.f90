subroutine other(n)
  implicit none
  integer, intent(in) :: n
  print *, n
end subroutine other
