! BOZ literal constants where Fortran 2008 (and gfortran 12) do not allow them.
program boz_misplaced
  implicit none
  integer, parameter :: k = z'ff'
  integer :: i
  real :: r
  data r /z'3f800000'/
  i = z'ff' + 1
  print *, z'ff'
  print *, iand(z'f', z'f')
  print *, abs(z'f')
end program
