! Host association: internal procedures of the main program and of module and external
! procedures read and update the host's scalars, arrays (explicit-shape, allocatable,
! automatic), character variables and dummy arguments; siblings call each other, an
! internal procedure allocates a host array, and a recursive internal function counts.
module hosted
  implicit none
  integer :: calls = 0
contains
  subroutine scale_all(v, n, f)
    integer, intent(in) :: n
    real(8), intent(inout) :: v(n)
    real(8), intent(in) :: f
    real(8) :: work(n)
    integer :: i
    work = 0
    do i = 1, n
      call step(i)
    end do
    v = work
    print '(A,4F8.2)', 'scaled', v(1:min(n, 4))
  contains
    subroutine step(k)
      integer, intent(in) :: k
      work(k) = v(k) * f + k
      calls = calls + 1
    end subroutine step
  end subroutine scale_all
end module hosted

program host_association
  use hosted
  implicit none
  integer :: n, total, grid(3, 4)
  integer, allocatable :: hist(:)
  character(len=12) :: label
  real(8) :: v(5)
  logical :: ready
  integer, external :: outer
  n = 4
  total = 0
  label = 'start'
  ready = .false.
  grid = 0
  call setup()
  print *, 'ready', ready, 'size', size(hist), 'label ', trim(label)
  call fill_grid()
  print '(4I4)', grid(n - 1, :)
  total = 0
  call accumulate(10)
  print *, 'total', total, 'sum', sum(grid), 'hist', hist
  print *, 'tri', tri(n), tri(10)
  v = [1d0, 2d0, 3d0, 4d0, 5d0]
  call scale_all(v, 5, 0.5d0)
  print *, 'calls', calls
  print *, 'f', outer(3)
  deallocate(hist)
contains
  subroutine setup()
    allocate(hist(0:n))
    hist = 0
    ready = .true.
    label = trim(label) // '+setup'
  end subroutine setup
  subroutine fill_grid()
    integer :: i, j
    do j = 1, size(grid, 2)
      do i = 1, size(grid, 1)
        grid(i, j) = i * 10 + j
      end do
    end do
  end subroutine fill_grid
  subroutine accumulate(times)
    integer, intent(in) :: times
    integer :: k
    do k = 1, times
      total = total + bump(k)
    end do
  end subroutine accumulate
  integer function bump(k)
    integer, intent(in) :: k
    bump = k * n
    hist(mod(k, n + 1)) = hist(mod(k, n + 1)) + 1
  end function bump
  recursive function tri(m) result(r)
    integer, intent(in) :: m
    integer :: r
    if (m <= 0) then
      r = 0
    else
      r = m + tri(m - 1)
    end if
  end function tri
end program host_association

integer function outer(k)
  implicit none
  integer, intent(in) :: k
  integer :: acc
  acc = 100
  call add(k)
  call add(k * 2)
  outer = acc
contains
  subroutine add(x)
    integer, intent(in) :: x
    acc = acc + x + k
  end subroutine add
end function outer
