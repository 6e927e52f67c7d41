! flags: -fopenmp
! Expected diagnostic: the directive-name modifier of `if` must name a construct of the
! directive it is on.
program omp_if_modifier
  implicit none
  integer :: a(10), i
  !$omp target teams distribute if(parallel: .true.) map(from: a)
  do i = 1, 10
    a(i) = i
  end do
  print *, a(10)
end program omp_if_modifier
