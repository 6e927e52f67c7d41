! Expected diagnostic: '!$acc end kernels' does not match the open 'serial' construct
program ui19
  implicit none
  integer :: s
  s = 0
  !$acc serial copy(s)
  s = s + 1
  !$acc end kernels
  print *, s
end program ui19
