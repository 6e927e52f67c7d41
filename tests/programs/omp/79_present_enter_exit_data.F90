! flags: -fopenmp
! OpenMP 5.1's `present` map-type modifier on `target enter data` and `target exit data`
! (gfortran 12 does not accept it, so it builds the plain maps): on data that is present it
! adds and drops a reference like the plain map type (the data stays until the last
! release; `from` copies back when the count reaches zero). An absent item is a run-time
! error naming it and the directive's line (shown by hand: gfortran 12 has no equivalent).
program present_enter_exit
  implicit none
  integer :: a(5), c(3), i
  a = [(i, i = 1, 5)]
  c = 7
  !$omp target enter data map(to: a, c)
#ifdef __GPUF__
  !$omp target enter data map(present, to: a)
#else
  !$omp target enter data map(to: a)
#endif
  !$omp target
  do i = 1, 5
    a(i) = a(i) * 3
  end do
  !$omp end target
#ifdef __GPUF__
  !$omp target exit data map(present, from: a)
#else
  !$omp target exit data map(from: a)
#endif
#ifdef __GPUF__
  !$omp target exit data map(present, from: a) map(present, release: c)
#else
  !$omp target exit data map(from: a) map(release: c)
#endif
  print *, 'copied back:', a, c
end program
