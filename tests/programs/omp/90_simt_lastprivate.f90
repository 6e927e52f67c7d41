! flags: -fopenmp
! `lastprivate` of `simd` loops lowered to SIMT (seed 004): the lane that ran the
! sequentially last iteration is found by a vote (VOTE_ANY, LAST_LANE) and broadcasts its
! values (XCHG_IDX) to the warp, which copies them out. Scalars of the region (in
! registers) and mapped ones, the loop variable, a collapsed nest, a composite `target
! teams distribute parallel do simd`, and trip counts that leave lanes idle in the last
! round.
program simt_lastprivate
  implicit none
  integer :: i, j, n, x, y, last_i, m
  real(8) :: t, u
  integer :: a(1000)
  do i = 1, 1000
    a(i) = mod(i * 37, 1000)
  end do
  x = -1; y = -1; t = -1; last_i = -1; m = 0
  !$omp target map(to: a) map(tofrom: x, t, last_i, m)
  n = 0
  !$omp simd lastprivate(x, t, n, i)
  do i = 1, 77
    x = a(i) + i
    t = real(i, 8) * 0.5d0
    n = i * 2
  end do
  last_i = i
  m = n
  !$omp end target
  print '(a, i6, f8.2, i6, i6)', 'simd', x, t, last_i, m
  ! A collapsed nest: the last (i, j) is (9, 13).
  x = 0; y = 0
  !$omp target simd collapse(2) lastprivate(x, y) map(tofrom: x, y)
  do i = 1, 9
    do j = 1, 13
      x = i * 100 + j
      y = a(i + j)
    end do
  end do
  print '(a, 2i8)', 'collapse', x, y
  ! Composite: the warp of the team that ran the last iteration copies out.
  x = 0; t = 0
  !$omp target teams distribute parallel do simd lastprivate(x, t) map(to: a)
  do i = 1, 999
    x = a(i) * 2
    t = real(a(i), 8) + 0.25d0
  end do
  print '(a, i8, f10.2)', 'composite', x, t
  ! Trip counts 1 to 70: lanes past the last iteration idle in the last round.
  y = 0
  do n = 1, 70, 3
    x = -5
    !$omp target simd lastprivate(x) map(tofrom: x)
    do i = 1, n
      x = a(i) - i
    end do
    y = y + x
  end do
  print '(a, i10)', 'trips', y
end program
