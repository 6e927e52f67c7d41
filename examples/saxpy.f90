! y = a*x + y on the GPU (or the host when there is none), then a sum reduction.
program saxpy
  implicit none
  integer, parameter :: n = 1000000
  real(8), allocatable :: x(:), y(:)
  real(8) :: a, total
  integer :: i
  allocate(x(n), y(n))
  a = 2.0d0
  do i = 1, n
    x(i) = real(i, 8)
    y(i) = 1.0d0
  end do
  total = 0.0d0
  !$acc data copyin(x) copy(y)
  !$acc parallel loop gang vector
  do i = 1, n
    y(i) = a * x(i) + y(i)
  end do
  !$acc parallel loop gang vector reduction(+:total)
  do i = 1, n
    total = total + y(i)
  end do
  !$acc end data
  print *, 'y(1) =', y(1), ' y(n) =', y(n)
  print '(A, F20.1)', 'sum(y) = ', total
  deallocate(x, y)
end program saxpy
