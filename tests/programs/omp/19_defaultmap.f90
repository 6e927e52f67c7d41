! flags: -fopenmp
! `defaultmap`: scalars mapped tofrom instead of firstprivate, arrays by to and alloc (an
! enclosing data region makes them present), `none` and `default` with explicit clauses.
program defaultmap_test
  implicit none
  integer, parameter :: n = 32
  integer :: a(n), b(n), i, s, t, k
  real(8) :: x
  a = 1
  b = 0
  s = 0
  t = 5
  x = 1.5d0
  !$omp target defaultmap(tofrom: scalar)
  s = s + 10
  t = t * 2
  x = x * 2
  !$omp end target
  print *, s, t, x
  !$omp target teams distribute parallel do defaultmap(tofrom: scalar) reduction(+: s)
  do i = 1, n
    s = s + i
  end do
  print *, s
  !$omp target defaultmap(tofrom) map(tofrom: k)
  k = 0
  do i = 1, n
    a(i) = a(i) + i
    k = k + a(i)
  end do
  t = k
  !$omp end target
  print *, t, k, a(n)
  !$omp target data map(tofrom: a)
  !$omp target defaultmap(alloc: aggregate)
  do i = 1, n
    a(i) = 2 * a(i)
  end do
  !$omp end target
  !$omp end target data
  print *, a(1), a(n)
  !$omp target defaultmap(to: aggregate) map(from: b)
  do i = 1, n
    b(i) = a(i) - 1
  end do
  !$omp end target
  print *, b(1), b(n)
  !$omp target defaultmap(none) map(to: a) map(tofrom: s) private(i)
  s = 0
  do i = 1, n
    s = s + a(i)
  end do
  !$omp end target
  print *, s
  !$omp target defaultmap(default: scalar) map(tofrom: b)
  b(1) = t
  !$omp end target
  print *, b(1)
end program defaultmap_test
