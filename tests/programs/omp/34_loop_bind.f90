! flags: -fopenmp
! `loop bind(thread)` runs the whole loop in each thread (here in each team, on its private
! copy); `bind(parallel)` and `bind(teams)` share the iterations.
program loop_bind
  use omp_lib
  implicit none
  integer, parameter :: n = 24
  integer :: x(n, n), out(n, n), y(n), z(n), i, j
  y = [(i, i = 1, n)]
  z = 2 * y
  out = 0
  !$omp target teams num_teams(3) private(x) map(tofrom: out) map(to: y, z)
  do i = 1, n
    do j = 1, n
      x(j, i) = 1
    end do
  end do
  !$omp loop bind(thread)
  do i = 1, n
    do j = 1, n
      x(j, i) = x(j, i) + y(i) * z(i)
    end do
  end do
  if (omp_get_team_num() == 0) then
    do i = 1, n
      do j = 1, n
        out(j, i) = x(j, i)
      end do
    end do
  end if
  !$omp end target teams
  print *, sum(out), out(1, 1), out(n, n)
  y = 0
  !$omp target teams num_teams(2) map(tofrom: y)
  !$omp loop bind(teams)
  do i = 1, n
    y(i) = 3 * i
  end do
  !$omp end target teams
  print *, sum(y)
  !$omp target parallel map(tofrom: y)
  !$omp loop bind(parallel)
  do i = 1, n
    y(i) = y(i) + 1
  end do
  !$omp end target parallel
  print *, sum(y)
end program loop_bind
