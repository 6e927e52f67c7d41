! Benchmark (OpenMP offload): a 2-D Jacobi sweep (`target teams distribute parallel do
! collapse(2)`) inside a `target data` region, and a max-norm reduction of the change
! (`reduction(max:)`) every sweep.
program omp_stencil_reduction
  implicit none
  integer, parameter :: n = 1024, sweeps = 400
  real(8), allocatable :: u(:, :), v(:, :)
  real(8) :: diff
  integer :: i, j, s
  allocate(u(n, n), v(n, n))
  u = 0.0d0
  u(1, :) = 1.0d0
  u(:, 1) = 1.0d0
  v = u
  !$omp target data map(tofrom: u) map(to: v)
  do s = 1, sweeps
    !$omp target teams distribute parallel do collapse(2)
    do j = 2, n - 1
      do i = 2, n - 1
        v(i, j) = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
      end do
    end do
    diff = 0.0d0
    !$omp target teams distribute parallel do collapse(2) reduction(max:diff) map(tofrom: diff)
    do j = 2, n - 1
      do i = 2, n - 1
        diff = max(diff, abs(v(i, j) - u(i, j)))
        u(i, j) = v(i, j)
      end do
    end do
  end do
  !$omp end target data
  print '(f12.8, f14.6)', diff, sum(u)
end program omp_stencil_reduction
