! flags: -fopenmp
program omp_not_yet
  implicit none
  integer :: i, s, a(10)
  s = 0
  !$omp target teams distribute parallel do reduction(+:s) linear(i) in_reduction(+: a)
  do i = 1, 10
    s = s + i
  end do
  !$omp critical
  s = s + 1
  !$omp end critical
  !$omp parallel do private(i)
  do i = 1, 10
    a(i) = i
  end do
  print *, s
end program omp_not_yet
