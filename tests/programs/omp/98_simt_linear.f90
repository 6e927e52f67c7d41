! flags: -fopenmp
! `linear` on `simd` loops lowered to SIMT: each lane's private copy starts its iteration at
! the value before the loop plus the iteration's number times the step, and the value
! after the sequentially last iteration is copied out (as `lastprivate`): packing indices
! that the body advances by their step (1, 2, a variable's value), an `integer(8)` item,
! and `target simd linear` (the item mapped `tofrom`).
program simt_linear
  implicit none
  integer, parameter :: n = 150
  integer :: i, j, k, s
  integer(8) :: q
  integer :: a(n), b(2 * n + 5), c(3 * n + 10)
  integer(8) :: d(1000)
  do i = 1, n
    a(i) = mod(i * 19, 37)
  end do
  b = 0; c = 0; d = 0
  j = 0; k = 5; q = 100_8
  s = 3
  !$omp target map(to: a, s) map(tofrom: b, c, d, j, k, q)
  !$omp simd linear(j) linear(k: 2) linear(q: s)
  do i = 1, n
    j = j + 1
    b(j) = a(i) * 2
    c(k) = a(i) + j
    k = k + 2
    d(q) = int(a(i), 8) * q
    q = q + s
  end do
  !$omp end target
  print '(3i8, i10)', j, k, sum(b), q
  print '(2i10, i14)', sum(c), c(2 * n + 3), sum(d)
  j = 10
  !$omp target simd linear(j: 3) map(to: a) map(tofrom: c)
  do i = 1, n
    c(j) = c(j) + a(i)
    j = j + 3
  end do
  print '(2i10)', j, sum(c)
end program
