! flags: -fopenmp
! A map clause names a mapper that no `declare mapper` in scope declares.
program unknown_mapper
  implicit none
  type pair
    integer :: a, b
  end type
  !$omp declare mapper(named: pair :: p) map(p, p%a)
  type(pair) :: s
  s = pair(1, 2)
  !$omp target map(mapper(nosuch), tofrom: s)
  s%a = s%b
  !$omp end target
  !$omp target map(mapper(named), tofrom: s)
  s%b = 7
  !$omp end target
  print *, s%a, s%b
end program
