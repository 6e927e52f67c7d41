subroutine s(arg)
  integer :: arg, n
  parameter (n = 3)
  real, allocatable :: a(:)
  common /blk/ arg, n
  common /two/ a
  save /nope/
end subroutine
