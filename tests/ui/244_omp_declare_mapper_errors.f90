! flags: -fopenmp
! `declare mapper` takes `map` clauses only, and at least one.
program declare_mapper_errors
  implicit none
  type pair
    integer :: a, b
  end type
  !$omp declare mapper(pair :: p) map(p%a) private(p)
  !$omp declare mapper(named: pair :: q)
  type(pair) :: s
  s = pair(1, 2)
  !$omp target map(tofrom: s)
  s%a = s%b
  !$omp end target
  print *, s%a
end program
