! Benchmark: a 2-D Jacobi stencil with an OpenACC parallel loop and a max reduction.
program stencil
  implicit none
  integer, parameter :: n = 512, iters = 200
  real(8), allocatable :: a(:,:), b(:,:)
  real(8) :: err
  integer :: i, j, it
  allocate(a(n, n), b(n, n))
  a = 0.0d0
  do i = 1, n
    a(i, 1) = 1.0d0
  end do
  b = a
  do it = 1, iters
    err = 0.0d0
    !$acc parallel loop collapse(2) reduction(max:err) copyin(a) copy(b)
    do j = 2, n - 1
      do i = 2, n - 1
        b(i, j) = 0.25d0 * (a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1))
        err = max(err, abs(b(i, j) - a(i, j)))
      end do
    end do
    a = b
  end do
  print '(A, ES12.5)', 'err = ', err
end program stencil
