! flags: -fopenmp
! Combined and composite forms with `simd` lowered to SIMT: `target simd` (one thread whose
! warp's lanes run the loop), `target parallel do simd` with `collapse(2)` and a reduction,
! `target teams distribute simd` and `target teams distribute parallel do simd` with
! `dist_schedule`, with private scalars.
program target_simd_combined
  implicit none
  integer, parameter :: n = 64, m = 45
  integer :: i, j, s, q
  real(8) :: x(n * m), y(n * m), d
  integer :: g(n, m)
  do i = 1, n * m
    x(i) = real(mod(i, 13), 8) * 0.5d0
  end do
  !$omp target simd map(to: x) map(from: y) private(d)
  do i = 1, n * m
    d = x(i) * 4
    y(i) = d + 1
  end do
  print '(f14.2)', sum(y)
  s = 0
  !$omp target parallel do simd collapse(2) map(from: g) reduction(+:s)
  do j = 1, m
    do i = 1, n
      g(i, j) = i * 1000 + j
      s = s + mod(g(i, j), 97)
    end do
  end do
  print '(2i12)', s, sum(g)
  q = 0
  !$omp target teams distribute simd map(tofrom: y) reduction(max:q) num_teams(5)
  do i = 1, n * m
    y(i) = y(i) * 2
    q = max(q, int(y(i)) + mod(i, 7))
  end do
  print '(f14.2, i8)', sum(y), q
  !$omp target teams distribute parallel do simd map(tofrom: g) dist_schedule(static, 7)
  do i = 1, n
    g(i, 1:m) = g(i, 1:m) - i
  end do
  print '(i12)', sum(g)
end program
