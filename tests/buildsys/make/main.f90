program main
  use kinds
  use grid
  implicit none
  integer :: g(nx, ny)
  call fill(g)
  print '(6i4)', g
  print '(i6)', sum(g)
end program main
