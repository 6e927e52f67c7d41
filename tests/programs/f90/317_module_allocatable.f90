! Module allocatable arrays shared by procedures (allocated in one, filled in another,
! resized and freed in a third), a saved allocatable work array in a procedure that grows
! on demand, and allocation on assignment (Fortran 2003): unallocated targets, shape
! changes, self-referencing right-hand sides, bounds taken from the right-hand side.
module workspace
  implicit none
  real(8), allocatable :: field(:, :), weights(:)
  integer, allocatable :: ids(:)
contains
  subroutine setup(nx, ny)
    integer, intent(in) :: nx, ny
    integer :: i
    allocate(field(nx, ny), weights(nx))
    field = 0
    weights = [(1.0d0 / 2**i, i = 1, nx)]
  end subroutine setup
  subroutine fill()
    integer :: i, j
    do j = 1, size(field, 2)
      do i = 1, size(field, 1)
        field(i, j) = i + 10 * j
      end do
    end do
  end subroutine fill
  real(8) function weighted()
    integer :: j
    weighted = 0
    do j = 1, size(field, 2)
      weighted = weighted + sum(field(:, j) * weights)
    end do
  end function weighted
  subroutine teardown()
    deallocate(field, weights)
  end subroutine teardown
end module workspace

program module_allocatable
  use workspace
  implicit none
  integer :: k
  integer, allocatable :: a(:), b(:)
  real, allocatable :: m(:, :)
  integer :: fixed(0:4)
  print *, allocated(field), allocated(ids)
  call setup(3, 2)
  print *, allocated(field), shape(field), size(weights)
  call fill()
  print '(6F6.1)', field
  print '(F10.5)', weighted()
  call teardown()
  print *, allocated(field), allocated(weights)
  call setup(4, 1)
  call fill()
  print '(F10.5)', weighted()
  ids = [3, 1, 4, 1, 5]
  print *, size(ids), ids
  ids = ids(2:4) * 10
  print *, size(ids), ids
  a = [(k * k, k = 1, 6)]
  b = a
  a = [a, -1, -2]
  print *, size(a), a
  print *, size(b), b
  b = b(size(b):1:-1)
  print *, b
  fixed = [10, 20, 30, 40, 50]
  a = fixed
  print *, lbound(a), ubound(a), a
  allocate(m(2, 2))
  m = 1.5
  m = reshape_by_hand(3)
  print *, shape(m), m
  do k = 1, 4
    call grow(k * 3)
  end do
contains
  function reshape_by_hand(n) result(r)
    integer, intent(in) :: n
    real :: r(n, n)
    integer :: i, j
    do j = 1, n
      do i = 1, n
        r(i, j) = i - j
      end do
    end do
  end function reshape_by_hand
  subroutine grow(n)
    integer, intent(in) :: n
    integer, allocatable, save :: buf(:)
    if (.not. allocated(buf)) then
      allocate(buf(4))
      buf = 0
      print *, 'first allocation', size(buf)
    end if
    if (size(buf) < n) then
      buf = [buf, (0, k = 1, n - size(buf))]
      print *, 'grown to', size(buf)
    end if
    buf(n) = n
    print *, 'buf', count(buf > 0)
  end subroutine grow
end program module_allocatable
