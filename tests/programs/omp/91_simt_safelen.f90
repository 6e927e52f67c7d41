! flags: -fopenmp
! `safelen(n)` on `simd` loops lowered to SIMT: only lanes 0..n-1 take iterations, so
! iterations n apart are never run at once and recurrences of distance n (or more) keep
! their sequential result; `safelen(1)` runs the loop on one lane.
program simt_safelen
  implicit none
  integer, parameter :: n = 500
  integer :: i, k, s
  integer :: a(n), b(n), c(n)
  a = 1; b = 2; c = 0
  !$omp target simd safelen(4) map(tofrom: a)
  do i = 5, n
    a(i) = a(i - 4) + i
  end do
  k = 8
  !$omp target map(tofrom: b) map(to: k)
  !$omp simd safelen(8)
  do i = 9, n
    b(i) = b(i - k) * 3 + mod(i, 5) - b(i - k) * 2
  end do
  !$omp end target
  s = 0
  !$omp target simd safelen(1) map(tofrom: c) reduction(+:s)
  do i = 2, n
    c(i) = c(i - 1) + 1
    s = s + c(i)
  end do
  print '(3i10)', sum(a), a(n), a(n - 3)
  print '(3i10)', sum(b), b(n), b(17)
  print '(3i10)', sum(c), c(n), s
end program
