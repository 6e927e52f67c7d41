program p
  implicit none
  real :: x(4)
  x = 1.0
  if (allocated(x)) print *, 'yes'
end program p
