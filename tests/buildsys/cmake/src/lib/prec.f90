module prec
  implicit none
  integer, parameter :: dp = selected_real_kind(15)
  integer, parameter :: n = 8
end module prec
