! flags: -fopenmp
! Array assignments whose right-hand side reads only the elements being assigned (same
! section, whole array, elemental intrinsics) need no temporary, so they compile in target
! regions; on the host, overlapping reads still go through a temporary.
program same_elements_assign
  implicit none
  integer, parameter :: n = 40
  integer :: a(n), b(n, 3), i, d, lo
  integer, allocatable :: c(:)
  a = [(i, i = 1, n)]
  b = 1
  allocate (c(n))
  c = 5
  d = 3
  lo = 10
  !$omp target map(tofrom: a, b, c) map(to: d, lo)
  a(:) = a(:) + d + 1
  a = 2 * a
  a(lo:n - lo) = abs(a(lo:n - lo) - 100) + max(a(lo:n - lo), 7)
  b(:, 2) = b(:, 2) * 4 + d
  b(lo:, 3) = b(lo:, 3) - 9
  c = c * c
  !$omp end target
  print *, a(1), a(lo), a(n - lo), a(n)
  print *, sum(b(:, 1)), sum(b(:, 2)), sum(b(:, 3))
  print *, sum(c)
  ! Host: the right-hand side reads shifted or reduced elements of the target.
  a(2:n) = a(1:n - 1)
  print *, a(1), a(2), a(n)
  a = a + sum(a)
  print *, a(1), a(n)
  a = cshift(a, 1) - a
  print *, a(1), a(n)
end program same_elements_assign
