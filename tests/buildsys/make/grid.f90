module grid
  use kinds
  implicit none
contains
  subroutine fill(g)
    integer, intent(out) :: g(nx, ny)
    integer :: i, j
    !$acc parallel loop collapse(2) copyout(g)
    do j = 1, ny
      do i = 1, nx
        g(i, j) = 10 * j + i
      end do
    end do
  end subroutine fill
end module grid
