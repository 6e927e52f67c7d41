! flags: -fopenmp
! Jacobi iterations as in the OpenMP training material: a target data region, two
! kernels per iteration, a max reduction of the change (dyadic values).
program jacobi
  implicit none
  integer, parameter :: n = 34, iters = 20
  real(8) :: u(n, n), unew(n, n), err
  integer :: i, j, it
  u = 0
  do i = 1, n
    u(i, 1) = 64
  end do
  unew = u
  !$omp target data map(tofrom: u) map(alloc: unew)
  !$omp target teams distribute parallel do collapse(2)
  do j = 1, n
    do i = 1, n
      unew(i, j) = u(i, j)
    end do
  end do
  do it = 1, iters
    err = 0
    !$omp target teams distribute parallel do collapse(2) reduction(max:err)
    do j = 2, n - 1
      do i = 2, n - 1
        unew(i, j) = 0.25d0 * (u(i + 1, j) + u(i - 1, j) + u(i, j + 1) + u(i, j - 1))
        err = max(err, abs(unew(i, j) - u(i, j)))
      end do
    end do
    !$omp target teams distribute parallel do collapse(2)
    do j = 2, n - 1
      do i = 2, n - 1
        u(i, j) = unew(i, j)
      end do
    end do
  end do
  !$omp end target data
  print *, err, u(2, 2), u(n / 2, 2), sum(u)
end program jacobi
