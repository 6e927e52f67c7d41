! flags: -fopenmp
! target teams loop, target simd and distribute parallel do simd. A reduction
! variable that the target region does not map is firstprivate there: the host's stays 0.
program teams_loop_simd
  implicit none
  integer, parameter :: n = 1024
  integer :: a(n), b(n), c(n), i, s, t
  !$omp target teams loop map(from: a)
  do i = 1, n
    a(i) = i * i
  end do
  !$omp target simd map(from: b)
  do i = 1, n
    b(i) = 2 * i
  end do
  s = 0
  !$omp target teams map(to: a, b) map(from: c)
  !$omp distribute parallel do simd reduction(+:s)
  do i = 1, n
    c(i) = a(i) - b(i)
    s = s + c(i)
  end do
  !$omp end target teams
  t = 0
  !$omp target teams map(to: c) map(tofrom: t)
  !$omp distribute parallel do reduction(+:t)
  do i = 1, n
    t = t + c(i)
  end do
  !$omp end target teams
  print *, a(n), b(n), c(n), s, t
end program teams_loop_simd
