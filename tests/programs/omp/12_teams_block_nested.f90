! flags: -fopenmp
! target teams as a block: distribute over rows, parallel do with a reduction inside
! (matrix-vector product).
program teams_block_nested
  implicit none
  integer, parameter :: n = 64, m = 96
  real(8) :: a(m, n), x(m), y(n), t
  integer :: i, j
  do i = 1, n
    do j = 1, m
      a(j, i) = real(mod(i + 2 * j, 9) - 4, 8) * 0.5d0
    end do
  end do
  do j = 1, m
    x(j) = real(mod(j, 5), 8)
  end do
  !$omp target teams map(to: a, x) map(from: y) num_teams(16)
  !$omp distribute private(t)
  do i = 1, n
    t = 0
    !$omp parallel do reduction(+:t)
    do j = 1, m
      t = t + a(j, i) * x(j)
    end do
    y(i) = t
  end do
  !$omp end target teams
  print *, y(1), y(2), y(n), sum(y)
end program teams_block_nested
