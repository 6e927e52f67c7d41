! flags: -fopenmp
! Worksharing loops of every shape: negative and large steps, integer(8) variables,
! bounds from expressions, empty loops, loops with cycle, private arrays.
program loop_forms
  implicit none
  integer :: i, a(-50:50), w(3), lo, hi
  integer(8) :: k, s8
  a = 0
  lo = -50
  hi = 50
  !$omp parallel do
  do i = hi, lo, -3
    a(i) = 1
  end do
  print *, sum(a)
  !$omp parallel do
  do i = lo, hi, 17
    a(i) = a(i) + 10
  end do
  print *, sum(a)
  s8 = 0
  !$omp parallel do reduction(+:s8)
  do k = 1_8, 3000000000_8, 100000000_8
    s8 = s8 + k
  end do
  print *, s8
  !$omp parallel do
  do i = hi, lo
    a(i) = -100
  end do
  !$omp parallel do private(w)
  do i = lo, hi
    if (mod(i, 2) == 0) cycle
    w = [i, 2 * i, 3 * i]
    a(i) = sum(w)
  end do
  print *, sum(a), a(-49), a(49)
end program loop_forms
