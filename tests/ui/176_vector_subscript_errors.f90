! Vector subscripts that are not rank-1 integer arrays, and vector-subscripted sections
! where a variable is needed.
program p
  implicit none
  integer :: a(6), m(2, 2), idx(2)
  real :: r(2)
  a = 1
  m = 1
  idx = [1, 2]
  r = 1.0
  print *, a(m)
  print *, a(r)
  call set(a(idx))
contains
  subroutine set(v)
    integer, intent(out) :: v(:)
    v = 0
  end subroutine
end program
