! Kind parameters, compiled on their own.
module prec
  implicit none
  integer, parameter :: dp = selected_real_kind(15), ik = selected_int_kind(12)
  integer, parameter, private :: hidden = 4
end module prec
