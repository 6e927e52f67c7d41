! flags: -fopenmp
! Three levels: teams (`distribute`) over blocks of rows, the threads of each team
! (`parallel do`, which are warps since the nest has `simd`) over its rows, and the lanes of
! each warp (`simd`, SIMT) over a row's columns, with a reduction and `private` scalars at
! the lane level.
program simt_nested_levels
  implicit none
  integer, parameter :: nb = 6, rows = 20, cols = 150
  integer :: b, r, c, s, t
  integer :: m(cols, rows * nb), rs(rows * nb), mx(rows * nb)
  do r = 1, rows * nb
    do c = 1, cols
      m(c, r) = mod(r * 31 + c * 17, 101) - 50
    end do
  end do
  rs = 0; mx = 0
  !$omp target teams distribute map(to: m) map(tofrom: rs, mx) num_teams(3)
  do b = 0, nb - 1
    !$omp parallel do private(s, t)
    do r = b * rows + 1, (b + 1) * rows
      s = 0
      t = -1000
      !$omp simd reduction(+:s) reduction(max:t)
      do c = 1, cols
        s = s + m(c, r) * 2
        t = max(t, m(c, r))
      end do
      rs(r) = s
      mx(r) = t
    end do
  end do
  print '(2i10)', sum(rs), sum(mx)
  print '(6i8)', rs(1:6)
  print '(6i8)', mx(rows * nb - 5:)
end program
