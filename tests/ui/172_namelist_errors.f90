! Namelist transfers: a name that is not a group, an item list, a constant in a group
! that is read, arrays of derived type (not implemented yet).
program namelist_errors
  implicit none
  type :: pt
    integer :: k
  end type
  integer, parameter :: c = 3
  integer :: i
  type(pt) :: ps(2)
  namelist /g/ i, c
  namelist /h/ ps
  write(*, nml=nope)
  write(*, nml=g) i
  read(*, nml=g)
  write(*, nml=h)
end program
