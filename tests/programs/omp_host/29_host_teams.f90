! flags: -fopenmp
! Host `teams` (OpenMP 5.0, outside `target`): `teams` with `distribute` loops inside,
! `teams distribute`, `teams distribute parallel do` with a reduction, `teams loop`,
! data-sharing clauses on `teams`, a `parallel` region inside `teams`, and `loop
! bind(thread)` (every thread runs all iterations). The results do not depend on the number
! of teams or threads.
program host_teams
  use omp_lib
  implicit none
  integer, parameter :: n = 100
  integer :: a(n), b(n), c(n), i, j, s, t, p, nt, cnt(4)
  a = 0
  b = 0
  c = 0
  p = 5
  !$omp teams num_teams(4) thread_limit(2) firstprivate(p) private(t)
  t = p * 2
  !$omp distribute
  do i = 1, n
    a(i) = i + t
  end do
  !$omp distribute parallel do
  do i = 1, n
    b(i) = 2 * a(i)
  end do
  !$omp end teams
  print *, sum(a), sum(b), p
  s = 0
  !$omp teams distribute parallel do reduction(+:s) num_teams(3)
  do i = 1, n
    s = s + b(i)
  end do
  print *, 'reduction:', s
  !$omp teams distribute lastprivate(j)
  do j = 1, n
    c(j) = j * j
  end do
  print *, 'teams distribute:', sum(c), j
  c = 0
  !$omp teams loop
  do i = 1, n
    c(i) = n - i
  end do
  print *, 'teams loop:', sum(c)
  nt = 0
  !$omp teams num_teams(2)
  if (omp_get_team_num() == 0) nt = omp_get_num_teams()
  !$omp parallel num_threads(2)
  !$omp atomic
  c(1) = c(1) + 1
  !$omp end parallel
  !$omp end teams
  print *, 'teams:', nt >= 1, c(1) >= 100
  cnt = 0
  !$omp parallel num_threads(4)
  !$omp loop bind(thread)
  do i = 1, n
    c(mod(i, 1) + 1) = c(1)
  end do
  !$omp atomic
  cnt(1) = cnt(1) + 1
  !$omp end parallel
  print *, 'bind(thread):', cnt(1) >= 1
end program host_teams
