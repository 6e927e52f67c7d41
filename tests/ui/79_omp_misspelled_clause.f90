! flags: -fopenmp
program omp_misspelled
  implicit none
  integer :: i, a(100)
  !$omp target teams distribute parallel do map(from: a) num_team(4)
  do i = 1, 100
    a(i) = i
  end do
  !$omp target data mapp(tofrom: a)
  a(1) = 0
  !$omp end target data
  print *, a(1)
end program omp_misspelled
