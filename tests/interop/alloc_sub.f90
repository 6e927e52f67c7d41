! External procedures with allocatable array dummies (gfortran's descriptor by
! reference), compiled by one compiler and called from a main compiled by the other:
! arrays allocated, grown and freed on either side (one C heap).
subroutine push(v, x)
  integer, allocatable, intent(inout) :: v(:)
  integer, intent(in) :: x
  integer, allocatable :: tmp(:)
  if (.not. allocated(v)) allocate(v(0))
  allocate(tmp(size(v) + 1))
  tmp(1:size(v)) = v
  tmp(size(v) + 1) = x
  call move_alloc(tmp, v)
end subroutine

subroutine fill(w, n)
  real(8), allocatable, intent(out) :: w(:, :)
  integer, intent(in) :: n
  integer :: j
  allocate(w(-1:1, n))
  do j = 1, n
    w(:, j) = 0.5d0 * j
  end do
end subroutine

subroutine drop(v)
  integer, allocatable, intent(inout) :: v(:)
  if (allocated(v)) deallocate(v)
end subroutine
