! flags: -fopenmp
! Misuse of aligned(list[: n]): items that are neither pointers, allocatables nor
! type(c_ptr), and alignments that are not positive integer constants.
program aligned_errors
  implicit none
  real, allocatable :: a(:)
  real :: plain(10), s
  integer :: i, n

  allocate(a(10))
  n = 8
  s = 0
  !$omp simd aligned(plain) aligned(s)
  do i = 1, 10
    plain(i) = a(i)
  end do
  !$omp simd aligned(a: 0)
  do i = 1, 10
    a(i) = 1
  end do
  !$omp simd aligned(a: n)
  do i = 1, 10
    a(i) = 2
  end do
  !$omp simd aligned(a: 4.0)
  do i = 1, 10
    a(i) = 3
  end do
  !$omp do aligned(a: 16)
  do i = 1, 10
    a(i) = 4
  end do
end program aligned_errors
