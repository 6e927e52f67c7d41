! flags: -fopenmp
! `target ... nowait depend(...)` regions on one array with `taskwait` between the
! deferred ones (gpuf runs each region at the point it is encountered; gfortran 12's host
! fallback does not order chained nowait regions by their dependences, so each deferred
! region is followed by a taskwait here).
program nowait_depend
  implicit none
  integer, parameter :: n = 128
  integer :: a(n), b(n), i, s
  a = 0
  b = 0
  !$omp target enter data map(to: a, b)
  !$omp target teams distribute parallel do nowait depend(out: a)
  do i = 1, n
    a(i) = i
  end do
  !$omp taskwait
  !$omp target teams distribute parallel do depend(inout: a)
  do i = 1, n
    a(i) = 2 * a(i)
  end do
  !$omp target teams distribute parallel do nowait depend(in: a) depend(out: b)
  do i = 1, n
    b(i) = a(i) + 1
  end do
  !$omp taskwait
  !$omp target update from(a, b) depend(in: b)
  !$omp target exit data map(delete: a, b)
  s = 0
  do i = 1, n
    s = s + b(i) - a(i)
  end do
  print *, a(n), b(n), s
end program nowait_depend
