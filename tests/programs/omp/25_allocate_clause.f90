! flags: -fopenmp
! The `allocate` clause with predefined allocators, an allocator variable and none: private
! copies behave as without it (`uses_allocators`, which gfortran 12 rejects, is covered
! by the OpenMP V&V suite).
program allocate_clause
  use omp_lib
  implicit none
  integer, parameter :: n = 50
  integer :: x, i, j, res, v(n)
  integer(omp_allocator_handle_kind) :: h
  h = omp_low_lat_mem_alloc
  x = 7
  res = 0
  !$omp target allocate(omp_default_mem_alloc: x) firstprivate(x) map(from: res)
  do i = 1, n
    x = x + i
  end do
  res = x
  !$omp end target
  print *, res, x
  !$omp target teams distribute &
  !$omp& allocate(omp_pteam_mem_alloc: x) private(x) map(from: v)
  do i = 1, n
    x = 0
    do j = 1, i
      x = x + j
    end do
    v(i) = x
  end do
  print *, sum(v), v(n)
  !$omp target teams distribute parallel do allocate(h: j) private(j) allocate(x) firstprivate(x) map(tofrom: v)
  do i = 1, n
    j = 2 * i + x
    v(i) = v(i) - j
  end do
  print *, sum(v), kind(h), omp_default_mem_alloc, omp_thread_mem_alloc, kind(omp_thread_mem_alloc)
end program allocate_clause
