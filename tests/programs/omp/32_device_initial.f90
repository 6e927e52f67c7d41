! flags: -fopenmp
! `device(n)` naming the host (`omp_get_initial_device()`): target constructs run on the
! host, on its data, and data directives map nothing; `device(0)` is the offload device.
program device_initial
  use omp_lib
  implicit none
  integer, parameter :: n = 32
  integer :: a(n), b(n), i, host_dev
  host_dev = omp_get_initial_device()
  a = 1
  b = 0
  !$omp target enter data map(to: a) device(host_dev)
  a = 5
  !$omp target teams distribute parallel do map(tofrom: a) device(host_dev)
  do i = 1, n
    a(i) = a(i) + i
  end do
  !$omp target update from(a) device(host_dev)
  !$omp target exit data map(from: a) device(host_dev)
  print *, sum(a), a(1), a(n)
  !$omp target data map(tofrom: b) device(0)
  !$omp target device(0)
  b(1) = 7
  !$omp end target
  !$omp end target data
  print *, b(1), sum(b)
end program device_initial
