! flags: -fopenmp
! teams distribute parallel do with collapse(2) over a 2-D array, then a
! reduction over the same nest.
program collapse2
  implicit none
  integer, parameter :: n = 37, m = 53
  integer :: a(n, m), i, j, s
  !$omp target teams distribute parallel do collapse(2) map(from: a)
  do j = 1, m
    do i = 1, n
      a(i, j) = 100 * i + j
    end do
  end do
  s = 0
  !$omp target teams distribute parallel do collapse(2) reduction(+:s) map(to: a) num_teams(8) thread_limit(64)
  do j = 1, m
    do i = 1, n
      s = s + a(i, j) * mod(i + j, 3)
    end do
  end do
  print *, a(1, 1), a(n, m), a(7, 11), s
end program collapse2
