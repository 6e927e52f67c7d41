! Module arrays and named constant arrays compiled apart from their users: the values
! live in this module's object (variables) and in its module file (named constants,
! implied-do loops and `reshape` expanded), the users' objects reference the objects.
module tables
  implicit none
  integer, private :: i, j
  integer, parameter :: squares(6) = [(i * i, i = 1, 6)]
  integer, parameter :: grid(2, 3) = reshape([((10 * i + j, i = 1, 2), j = 1, 3)], [2, 3])
  real(8), parameter :: halves(4) = [(0.5d0 * i, i = 4, 1, -1)]
  type entry
    integer :: key = -1
    character(len=3) :: name = 'nil'
    real :: vals(2) = [0.25, 0.75]
  end type entry
  integer :: counts(6) = [(2 * i, i = 1, 6)]
  real(8) :: field(3, 2, 2)
  character(len=4) :: labels(3) = ['ab  ', 'cde ', 'fghi']
  type(entry) :: book(3)
  type(entry) :: first = entry(7, 'one', [1.5, 2.5])
end module tables
