! flags: -fopenmp
! saxpy with explicit maps on a combined construct, then a sum over the result.
program saxpy_map
  implicit none
  integer, parameter :: n = 1000
  real(8) :: x(n), y(n), a, s
  integer :: i
  a = 2.0d0
  do i = 1, n
    x(i) = i
    y(i) = 0.5d0 * i
  end do
  !$omp target teams distribute parallel do map(to: x) map(tofrom: y)
  do i = 1, n
    y(i) = a * x(i) + y(i)
  end do
  !$omp end target teams distribute parallel do
  s = 0
  !$omp target teams distribute parallel do reduction(+:s) map(to: y)
  do i = 1, n
    s = s + y(i)
  end do
  print *, y(1), y(n), s
end program saxpy_map
