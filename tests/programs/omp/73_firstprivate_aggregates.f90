! flags: -fopenmp
! `defaultmap(firstprivate)` for aggregates (arrays, structures; an allocatable array read
! there) and `firstprivate` of a structure: each team works on its own copy, filled from
! the data's value at the construct, and nothing is copied back.
program firstprivate_aggregates
  implicit none
  type pair
    integer :: k
    integer :: v(4)
  end type pair
  integer, parameter :: n = 16
  integer :: a(n), i, s, t
  integer, allocatable :: b(:)
  type(pair) :: p
  allocate(b(n))
  do i = 1, n
    a(i) = i
    b(i) = 2 * i
  end do
  p%k = 3
  p%v = [1, 2, 3, 4]
  s = 0
  !$omp target defaultmap(firstprivate) map(tofrom: s)
  a(1) = 100
  p%k = 7
  p%v(4) = 40
  s = a(1) + a(n) + b(2) + b(n) + p%k + sum(p%v)
  !$omp end target
  t = 0
  !$omp target firstprivate(p) map(tofrom: t)
  do i = 1, 4
    p%v(i) = p%v(i) * p%k
  end do
  t = sum(p%v)
  !$omp end target
  print *, s, t, a(1), p%k, p%v
end program
