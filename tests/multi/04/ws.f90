! A module with allocatable arrays, allocated and resized by its procedures.
module ws
  implicit none
  real(8), allocatable :: work(:)
  integer, allocatable :: marks(:, :)
contains
  subroutine grow(n)
    integer, intent(in) :: n
    integer :: i
    if (allocated(work)) deallocate(work)
    allocate(work(n))
    work = [(0.5d0 * i, i = 1, n)]
  end subroutine grow
end module ws
