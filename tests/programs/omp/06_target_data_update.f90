! flags: -fopenmp
! A target data region with target update to/from between kernels.
program target_data_update
  implicit none
  integer, parameter :: n = 500
  integer :: a(n), b(n), i, s
  do i = 1, n
    a(i) = i
    b(i) = 0
  end do
  !$omp target data map(to: a) map(from: b)
  !$omp target teams distribute parallel do
  do i = 1, n
    b(i) = 2 * a(i)
  end do
  !$omp target update from(b)
  print *, b(1), b(n)
  ! change a on the host and on the device
  do i = 1, n
    a(i) = 1000 + i
  end do
  !$omp target update to(a)
  !$omp target teams distribute parallel do
  do i = 1, n
    b(i) = b(i) + a(i)
  end do
  !$omp end target data
  s = 0
  do i = 1, n
    s = s + b(i)
  end do
  print *, b(1), b(n), s
end program target_data_update
