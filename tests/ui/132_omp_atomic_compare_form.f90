! flags: -fopenmp
! Expected diagnostic: the conditional update of `atomic compare` must compare the atomic
! variable itself with `==`.
program omp_atomic_compare_form
  implicit none
  integer :: x, y
  x = 1
  y = 2
  !$omp target map(tofrom: x, y)
  !$omp atomic compare
  if (y == 1) then
    x = 5
  end if
  !$omp end atomic
  !$omp end target
  print *, x
end program omp_atomic_compare_form
