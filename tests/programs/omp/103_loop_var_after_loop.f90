! flags: -fopenmp
! The iteration variable of a `loop` or `simd` construct inside a target region has,
! after the loop, the value it has after the sequential loop (lastprivate, linear), for the
! statements of the region that follow.
program loop_var_after_loop
  implicit none
  integer, parameter :: n = 100
  integer :: i, k, after_loop, after_simd, s(n)
  !$omp target map(from: after_loop, after_simd, s)
  !$omp loop
  do i = 1, n
    s(i) = i
  end do
  after_loop = i
  !$omp simd
  do k = 3, n, 9
    s(k) = -s(k)
  end do
  after_simd = k
  !$omp end target
  print *, after_loop, after_simd, sum(s)
end program
