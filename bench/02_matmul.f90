! Benchmark: a triple-loop matrix product, the inner loop a vector reduction.
program matmul_loops
  implicit none
  integer, parameter :: n = 900
  real(8), allocatable :: a(:,:), b(:,:), c(:,:)
  real(8) :: s
  integer :: i, j, k
  allocate(a(n, n), b(n, n), c(n, n))
  do j = 1, n
    do i = 1, n
      a(i, j) = real(mod(i + j, 7), 8)
      b(i, j) = real(mod(i * j, 5), 8)
    end do
  end do
  !$acc parallel loop gang collapse(2) copyin(a, b) copyout(c) private(s)
  do j = 1, n
    do i = 1, n
      s = 0.0d0
      do k = 1, n
        s = s + a(i, k) * b(k, j)
      end do
      c(i, j) = s
    end do
  end do
  print *, c(1, 1), c(n, n), sum(c)
end program matmul_loops
