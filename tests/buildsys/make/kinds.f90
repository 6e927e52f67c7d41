module kinds
  implicit none
  integer, parameter :: nx = 6, ny = 4
end module kinds
