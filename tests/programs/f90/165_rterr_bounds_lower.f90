! flags: -fcheck=bounds
! A two-dimensional array with explicit lower bounds indexed below the lower bound of its
! second dimension inside a subroutine: gfortran's message names the dimension.
program rterr_bounds_lower
  implicit none
  real :: grid(0:4, -2:2)
  integer :: i, j
  do j = -2, 2
    do i = 0, 4
      grid(i, j) = real(i + 10 * j)
    end do
  end do
  print *, grid(0, -2), grid(4, 2)
  call show(grid, 1)
  call show(grid, -3)
  print *, 'not reached'
contains
  subroutine show(g, col)
    real, intent(in) :: g(0:4, -2:2)
    integer, intent(in) :: col
    print *, 'column', col, g(2, col)
  end subroutine show
end program rterr_bounds_lower
