! Namelist input from standard input: groups found among other records, partial groups,
! any order, array elements and sections, repeat counts, null values, comments, values
! over several records, character, logical and complex values, derived-type components.
program namelist_read
  implicit none
  type :: pt
    integer :: id
    real :: w(2)
    character(len=4) :: tag
  end type
  integer :: n = -1, a(6) = 0, m(2, 3) = 0
  real :: x = 0, y = 0
  real(8) :: d = 0
  character(len=8) :: name = 'none'
  character(len=3) :: cs(3) = '---'
  logical :: flag = .false., fl(4) = .false.
  complex :: c = (0, 0)
  type(pt) :: p = pt(0, [0.0, 0.0], '....')
  integer :: k
  namelist /run/ n, x, y, d, name, flag, a, c
  namelist /grid/ m, cs, fl, p
  read(*, nml=run)
  write(*, nml=run)
  read(*, run)
  print *, n, x, y, a
  read(*, nml=grid)
  write(*, nml=grid)
  read(*, *) k
  print *, 'after the groups:', k
end program
