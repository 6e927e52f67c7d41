! External procedures with allocatable array dummies (gfortran's descriptor by
! reference), compiled by one compiler and called from a main compiled by the other:
! arrays allocated, grown and freed on either side (one C heap); structures with
! allocatable components.
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

! Structures with allocatable components (gfortran's layout: descriptors and data
! pointers inside the structure), filled, grown and emptied by the other compiler.
subroutine bag_fill(b, n)
  type :: bag
    sequence
    integer, allocatable :: items(:)
    real(8), allocatable :: w
    integer :: count
  end type
  type(bag), intent(inout) :: b
  integer, intent(in) :: n
  integer :: i
  if (allocated(b%items)) then
    b%items = [b%items, (100 * i, i = 1, n)]
  else
    allocate(b%items(0:n - 1))
    b%items = [(i, i = 1, n)]
  end if
  if (.not. allocated(b%w)) allocate(b%w)
  b%w = 0.25d0 * size(b%items)
  b%count = size(b%items)
end subroutine

subroutine bags_make(bs, n)
  type :: bag
    sequence
    integer, allocatable :: items(:)
    real(8), allocatable :: w
    integer :: count
  end type
  type(bag), allocatable, intent(out) :: bs(:)
  integer, intent(in) :: n
  integer :: i, j
  allocate(bs(n))
  do i = 1, n
    bs(i)%items = [(j, j = 1, i + 1)]
    bs(i)%count = i + 1
  end do
  deallocate(bs(1)%items)
end subroutine
