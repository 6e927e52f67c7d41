! Named constants used for bounds in other separately compiled modules.
module consts_m
  implicit none
  integer, parameter :: nmax = 5
  integer, parameter :: base = -1
  integer, parameter :: wlen = 4
end module consts_m
