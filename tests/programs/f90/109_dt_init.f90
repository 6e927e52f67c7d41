! Initial values of derived-type variables and derived-type parameters, in the main
! program, a module and a procedure (saved), with defaults filling missing components.
module palette
  implicit none
  type :: color
    integer :: r = 0, g = 0, b = 0
    character(len=5) :: name = 'none'
  end type color
  type(color), parameter :: red = color(255, 0, 0, 'red')
  type(color) :: current = color(1, 2, 3, 'cur')
end module palette

program dt_init
  use palette
  implicit none
  type :: range
    integer :: lo = 1
    integer :: hi
  end type range
  type :: table
    integer :: keys(4) = [10, 20, 30, 40]
    real(8) :: w(2) = 0.5d0
    type(range) :: span
  end type table
  type(range), parameter :: unit_range = range(hi=1)
  type(table) :: tb, tbs(2)
  type(range) :: r = range(5, 10)
  type(color) :: c = color(g=128)
  integer :: i
  print *, r, unit_range
  print *, c
  print *, red, current
  current = red
  current%name = 'copy'
  print *, current
  do i = 1, 3
    call bump()
  end do
  r = unit_range
  print *, r%hi - r%lo
  print *, tb%keys, tb%w, tb%span%lo
  tbs(2)%keys(3) = -1
  print *, tbs(1)%keys, tbs(2)%keys, sum(tbs(2)%w)
  tb = table(span=range(hi=9))
  print *, tb
contains
  subroutine bump()
    type(range), save :: calls = range(0, 0)
    calls%hi = calls%hi + 2
    calls%lo = calls%lo - 1
    print *, calls
  end subroutine bump
end program dt_init
