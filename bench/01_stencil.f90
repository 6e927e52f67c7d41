! Benchmark: a 2-D Jacobi stencil as OpenACC codes write it: a data region around the time
! loop, one compute region for the sweep (collapse(2), max reduction of the change) and one
! for the copy back.
program stencil
  implicit none
  integer, parameter :: n = 2048, iters = 100
  real(8), allocatable :: a(:,:), b(:,:)
  real(8) :: err
  integer :: i, j, it
  allocate(a(n, n), b(n, n))
  a = 0.0d0
  do i = 1, n
    a(i, 1) = 1.0d0
  end do
  b = a
  !$acc data copy(a) create(b)
  do it = 1, iters
    err = 0.0d0
    !$acc parallel loop collapse(2) reduction(max:err) present(a, b)
    do j = 2, n - 1
      do i = 2, n - 1
        b(i, j) = 0.25d0 * (a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1))
        err = max(err, abs(b(i, j) - a(i, j)))
      end do
    end do
    !$acc parallel loop collapse(2) present(a, b)
    do j = 2, n - 1
      do i = 2, n - 1
        a(i, j) = b(i, j)
      end do
    end do
  end do
  !$acc end data
  print '(A, ES12.5)', 'err = ', err
end program stencil
