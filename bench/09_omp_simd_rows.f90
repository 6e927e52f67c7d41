! Benchmark (OpenMP offload, `simd` lowered to SIMT): row norms of a matrix with the rows
! over teams and threads (`target teams distribute parallel do`) and each row's columns
! over the lanes of the thread's warp (`simd reduction(+:)`), then a scaled copy
! (`target teams distribute parallel do simd`).
program omp_simd_rows
  implicit none
  integer, parameter :: n = 1024, m = 512, reps = 600
  real(8), allocatable :: a(:, :), b(:, :), r(:)
  real(8) :: s
  integer :: i, j, k
  allocate(a(m, n), b(m, n), r(n))
  do j = 1, n
    do i = 1, m
      a(i, j) = real(mod(i * 7 + j * 3, 16), 8) * 0.25d0
    end do
  end do
  !$omp target data map(to: a) map(from: r, b)
  do k = 1, reps
    !$omp target teams distribute parallel do private(s)
    do j = 1, n
      s = 0.0d0
      !$omp simd reduction(+:s)
      do i = 1, m
        s = s + a(i, j) * a(i, j)
      end do
      r(j) = s
    end do
    !$omp target teams distribute parallel do simd collapse(2)
    do j = 1, n
      do i = 1, m
        b(i, j) = a(i, j) * 0.5d0 + real(k, 8)
      end do
    end do
  end do
  !$omp end target data
  print '(f16.4, f16.4)', sum(r), sum(b)
end program omp_simd_rows
