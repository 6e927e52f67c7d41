! Tests: Jacobi stencil iteration: data copy/create region around a host do while loop, parallel loop
!        collapse(2) present, max reduction per sweep, update self of a section inside the data region,
!        allocatable real(8) rank-2 arrays
program p20_jacobi
  implicit none
  integer, parameter :: nx = 66, ny = 41, maxit = 12
  integer :: i, j, it
  real(8), allocatable :: u(:, :), unew(:, :)
  real(8) :: err, total
  real(8) :: errs(maxit)

  allocate(u(nx, ny), unew(nx, ny))
  u = 0.0d0
  do j = 1, ny
    u(1, j) = 64.0d0
    u(nx, j) = dble(j)
  end do
  do i = 1, nx
    u(i, 1) = 32.0d0
  end do
  unew = u

  it = 0
  err = 1.0d0
  !$acc data copy(u) copyin(unew)
  do while (it < maxit .and. err > 0.0d0)
    it = it + 1
    err = 0.0d0
    !$acc parallel loop collapse(2) present(u, unew) reduction(max:err)
    do j = 2, ny - 1
      do i = 2, nx - 1
        unew(i, j) = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
        err = max(err, abs(unew(i, j) - u(i, j)))
      end do
    end do
    !$acc parallel loop collapse(2) present(u, unew)
    do j = 2, ny - 1
      do i = 2, nx - 1
        u(i, j) = unew(i, j)
      end do
    end do
    errs(it) = err
  end do
  !$acc update self(u(1:nx, 2:3))
  print '(A, 4F14.8)', 'u(2:5,2) after update self = ', u(2, 2), u(3, 2), u(4, 2), u(5, 2)
  !$acc end data

  total = 0.0d0
  do j = 1, ny
    do i = 1, nx
      total = total + u(i, j)
    end do
  end do
  print *, 'iterations =', it
  print '(A, F16.10)', 'first err = ', errs(1)
  print '(A, F16.10)', 'last err  = ', errs(it)
  print '(A, ES24.16)', 'u(2,2)    = ', u(2, 2)
  print '(A, F20.10)', 'sum(u)    = ', total
  deallocate(u, unew)
end program p20_jacobi
