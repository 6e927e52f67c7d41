! bind(c) module arrays (integer and real, with and without name=) used from two units.
module bm
  use iso_c_binding
  implicit none
  integer(c_int), bind(c, name='shared_vals') :: vals(4)
  real(c_double), bind(c) :: grid(2,3)
end module
program p
  use bm
  implicit none
  integer :: i
  vals = [(i*i, i=1,4)]
  grid = 0.5d0
  grid(2,3) = 7
  call show
  print *, sum(vals), grid
end program
subroutine show
  use bm
  print *, vals(2:), size(grid), shape(grid)
end subroutine
