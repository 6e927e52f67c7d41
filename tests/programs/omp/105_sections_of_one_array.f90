! flags: -fopenmp
! Target regions that map different sections (columns) of one array while other columns
! are present: each kernel's array is located through the block of its own section, also
! when host threads launch such regions at the same time.
program sections_of_one_array
  implicit none
  integer, parameter :: n = 64, m = 8
  integer :: a(n, m), j
  a = 0
  !$omp target enter data map(to: a(:, 1))
  do j = 2, m
    !$omp target map(tofrom: a(:, j))
    a(:, j) = j
    !$omp end target
  end do
  !$omp target map(alloc: a(:, 1))
  a(:, 1) = -1
  !$omp end target
  !$omp target exit data map(from: a(:, 1))
  print '(8i4)', a(1, :), a(n, :)

  a = 0
  !$omp parallel do
  do j = 1, m
    !$omp target map(tofrom: a(:, j))
    a(:, j) = 10 * j
    !$omp end target
  end do
  print '(8i4)', a(1, :), a(n, :)
end program
