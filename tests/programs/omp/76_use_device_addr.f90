! flags: -fopenmp
! use_device_addr on target data makes `a` name its device copy inside the construct;
! has_device_addr passes that address to the target region unmapped. On a device with
! separate memory the doubled values reach the host only through the device copy.
program use_device_addr_arrays
  implicit none
  integer :: a(8), b(3, 4), i, j
  a = [(i, i = 1, 8)]
  b = reshape([(i * 10, i = 1, 12)], [3, 4])
  !$omp target data map(tofrom: a, b)
  !$omp target data use_device_addr(a, b)
  !$omp target has_device_addr(a, b)
  do i = 1, 8
    a(i) = a(i) * 2
  end do
  do j = 1, 4
    do i = 1, 3
      b(i, j) = b(i, j) + i + j
    end do
  end do
  !$omp end target
  !$omp end target data
  !$omp end target data
  print *, a
  print *, b
end program
