module prec
  implicit none
  integer, parameter :: n = 8
end module prec
