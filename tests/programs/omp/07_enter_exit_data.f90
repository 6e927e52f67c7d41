! flags: -fopenmp
! Unstructured data: enter data to/alloc, exit data from/release/delete.
program enter_exit_data
  implicit none
  integer, parameter :: n = 256
  real(8), allocatable :: u(:), w(:)
  integer :: i
  allocate(u(n), w(n))
  do i = 1, n
    u(i) = i * 0.5d0
    w(i) = -1
  end do
  !$omp target enter data map(to: u) map(alloc: w)
  !$omp target teams distribute parallel do
  do i = 1, n
    w(i) = u(i) * 4
  end do
  !$omp target teams distribute parallel do
  do i = 1, n
    u(i) = w(i) + u(i)
  end do
  !$omp target exit data map(from: u) map(release: w)
  print *, u(1), u(n)
  w = u
  !$omp target enter data map(to: w)
  !$omp target teams distribute parallel do
  do i = 1, n
    w(i) = w(i) + 1
  end do
  !$omp target update from(w)
  !$omp target exit data map(delete: w)
  print *, w(1), w(n)
  deallocate(u, w)
end program enter_exit_data
