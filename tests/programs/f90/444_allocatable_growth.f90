! Allocatable arrays the way codes grow buffers: a dynamic integer list doubled by
! allocate-copy-deallocate, allocation with explicit lower bounds, allocated() checks,
! deallocate and re-allocate with a new size
! in an internal procedure working on the host's allocatable, and 2-D allocatables.
program allocatable_growth
  implicit none
  integer, allocatable :: list(:), tmp(:), b(:)
  integer :: n, cap, i, k
  real(8), allocatable :: grid(:,:), work(:)
  cap = 2
  allocate(list(cap))
  n = 0
  do i = 1, 37
    if (mod(i, 3) == 0 .or. mod(i, 5) == 0) then
      if (n == cap) then
        allocate(tmp(2 * cap))
        tmp(1:n) = list(1:n)
        deallocate(list)
        cap = 2 * cap
        allocate(list(cap))
        list(1:n) = tmp(1:n)
        deallocate(tmp)
        print '(A,I4)', 'grew to', cap
      end if
      n = n + 1
      list(n) = i
    end if
  end do
  print '(A,I3,A,I4)', 'n =', n, ' sum =', sum(list(1:n))
  print '(20I3)', list(1:n)
  allocate(b(-3:3))
  b = [(k * k, k = -3, 3)]
  print '(A,2I3,A,7I3)', 'bounds', lbound(b), ubound(b), ' values', b
  deallocate(b)
  print '(A,L2)', 'allocated after deallocate:', allocated(b)
  allocate(b(5))
  b = list(1:n:4)
  print '(A,I3,A,5I3)', 'allocated size', size(b), ':', b
  allocate(tmp(size(b) + 2))
  tmp(1:5) = b
  tmp(6:7) = [100, 200]
  deallocate(b)
  allocate(b(7))
  b = tmp
  deallocate(tmp)
  print '(A,I3,A,I3)', 'extended size', size(b), ' last', b(size(b))
  call ensure(10)
  work = 1.5d0
  call ensure(5)
  print '(A,I4,F8.2)', 'kept:', size(work), sum(work)
  call ensure(20)
  work = 0.25d0
  print '(A,I4,F8.2)', 'regrown:', size(work), sum(work)
  allocate(grid(0:4, 3))
  do k = 1, 3
    do i = 0, 4
      grid(i, k) = i * k * 0.5d0
    end do
  end do
  print '(A,4I3)', 'grid bounds', lbound(grid), ubound(grid)
  print '(A,3F8.2)', 'column sums', sum(grid, dim=1)
  deallocate(grid, list)
  print '(A,2L2)', 'both freed:', allocated(grid), allocated(list)
contains
  subroutine ensure(m)
    integer, intent(in) :: m
    if (allocated(work)) then
      if (size(work) >= m) return
      deallocate(work)
    end if
    allocate(work(m))
    print '(A,I5)', 'workspace allocated with size', m
  end subroutine ensure
end program allocatable_growth
