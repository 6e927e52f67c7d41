! flags: -fopenmp
! Implied-do array constructors assigned inside target regions, `order(concurrent)`,
! `reduction(-:)`, the `close` map modifier and `nontemporal`/`hint`-free hints.
program ctor_order_hints
  implicit none
  integer, parameter :: n = 64
  integer :: a(n), b(n), c(n), i, s, m
  real(8) :: x(n)
  m = 40
  a = 0
  b = 0
  c = -1
  !$omp target map(close, tofrom: a, c) map(to: m)
  a = (/ (2 * i, i = 1, n) /)
  c(1:m) = [(a(i) + 1, i = 1, m)]
  !$omp end target
  print *, a(1), a(n), c(1), c(m), c(m + 1)
  !$omp target teams distribute parallel do order(concurrent) map(from: b)
  do i = 1, n
    b(i) = 3 * i
  end do
  print *, sum(b)
  s = 0
  !$omp target teams distribute parallel do reduction(-: s) map(tofrom: s)
  do i = 1, n
    s = s - i
  end do
  print *, s
  !$omp target map(from: x)
  x = (/ (0.5d0 * i, i = n, 1, -1) /)
  !$omp end target
  print *, x(1), x(n)
end program ctor_order_hints
