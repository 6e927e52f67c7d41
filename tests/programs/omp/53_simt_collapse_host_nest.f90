! flags: -fopenmp
! `simd` loops with `collapse` in target regions, which on the host device run as nested
! loops over each team's contiguous run of the collapsed space (one lane): nests with odd
! trip counts, a shifted range and a step of -1 (GCC 12 fails on other steps in a collapsed
! `simd`), an empty inner range, integer and real reductions, private scalars, `safelen`,
! `collapse(3)`, and several teams (`num_teams`), so runs start and end inside rows.
program simt_collapse_host_nest
  implicit none
  integer, parameter :: n = 37, m = 23, l = 5
  integer :: i, j, k, s, t, e, g(n, m)
  real(8) :: a(n, m), b(n, m), mx, d, c(l, n, m)
  do j = 1, m
    do i = 1, n
      a(i, j) = real(mod(i * 7 + j * 3, 19), 8) * 0.25d0
    end do
  end do
  s = 0
  mx = -1.0d0
  !$omp target teams distribute parallel do simd collapse(2) num_teams(3) &
  !$omp& map(to: a) map(from: b) reduction(+:s) reduction(max:mx) private(d)
  do j = 1, m
    do i = 1, n
      d = a(i, j) * 2.0d0
      b(i, j) = d + 1.0d0
      s = s + i * j
      mx = max(mx, d)
    end do
  end do
  print '(i10, 2f14.4)', s, mx, sum(b)
  g = 0
  t = 0
  !$omp target teams distribute parallel do simd collapse(2) num_teams(4) map(tofrom: g) reduction(+:t)
  do j = m, 3, -1
    do i = -4, n - 9
      g(i + 5, j) = i + 100 * j
      t = t + 1
    end do
  end do
  print '(2i10)', t, sum(g)
  e = 0
  k = 0
  !$omp target parallel do simd collapse(2) map(tofrom: e) reduction(+:e)
  do j = 1, m
    do i = 1, k
      e = e + 1
    end do
  end do
  print '(i10)', e
  !$omp target teams distribute parallel do simd collapse(2) safelen(4) num_teams(2) map(tofrom: g)
  do j = 1, m
    do i = 1, n
      g(i, j) = g(i, j) + mod(i * j, 11)
    end do
  end do
  print '(i10)', sum(g)
  !$omp target teams distribute parallel do simd collapse(3) num_teams(5) map(from: c)
  do j = 1, m
    do i = 1, n
      do k = 1, l
        c(k, i, j) = real(k + i - j, 8) * 0.5d0
      end do
    end do
  end do
  print '(f14.2, 2f8.2)', sum(c), c(1, 1, 1), c(l, n, m)
end program
