! flags: -fopenmp
! OpenMP 5.x syntax gfortran 12 does not accept, built by gpuf (`__GPUF__`) and compared
! with the plain OpenMP 4.5 equivalent built by gfortran: `map(present, ...)` and
! `update to(present: ...)` on data mapped by an enclosing `target data`; `collapse(2)`
! of an imperfect nest (the intervening statement runs once per outer iteration);
! `nothing`; a name split by a continuation on a directive and on a statement line.
program present_imperfect_nest
  implicit none
  integer, parameter :: n = 12, m = 5
  integer :: a(n), b(n, m), i, j, s, long_variable_name
  a = 0
  b = 0
  s = 7
  long_variable_name = 3
  !$omp target data map(tofrom: a, s)
  s = 9
#ifdef __GPUF__
  !$omp target update to(present: s)
  !$omp target map(present, tofrom: a) map(present: s)
#else
  !$omp target update to(s)
  !$omp target map(tofrom: a, s)
#endif
  do i = 1, n
    a(i) = s + i
  end do
  !$omp end target
  !$omp end target data
  !$omp target map(tofrom: a, b) map(to: long_variable_&
  !$omp &name)
#ifdef __GPUF__
  !$omp nothing
  !$omp parallel do collapse(2)
#else
  !$omp parallel do
#endif
  do i = 1, n
    a(i) = a(i) * 2 + long_variable_name
    do j = 1, m
      b(i, j) = i * 10 + j
    end do
  end do
  !$omp end target
  !$omp flush
  print *, a
  print *, sum(b), b(n, m), long_variable_&
    &name
end program
