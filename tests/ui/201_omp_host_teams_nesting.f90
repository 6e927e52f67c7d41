! flags: -fopenmp
! Host `teams` (one team on the host) must be outside every OpenMP region, and a host
! `distribute` closely nested in it.
program host_teams_nesting
  implicit none
  integer :: i, s, a(8)
  s = 0
  !$omp parallel
  !$omp teams
  s = 1
  !$omp end teams
  !$omp end parallel
  !$omp distribute
  do i = 1, 8
    a(i) = i
  end do
end program host_teams_nesting
