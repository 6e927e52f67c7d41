! flags: -fopenmp
! OpenMP's device queries inside target regions: omp_is_initial_device() is true on the host
! device (the host fallback) and false on a device (sim: NAME.sim.out); omp_get_num_teams() and
! omp_get_team_num() agree with each other whatever the team count.
program omp_device_queries_ondevice
  use omp_lib
  implicit none
  logical :: initial
  integer :: nteams, bad, i
  integer :: team_of(64)
  initial = .false.
  !$omp target map(from: initial)
  initial = omp_is_initial_device()
  !$omp end target
  print '(a, l2)', 'initial device:', initial
  nteams = 0
  bad = 0
  team_of = -1
  !$omp target teams distribute map(tofrom: team_of, nteams, bad)
  do i = 1, 64
    team_of(i) = omp_get_team_num()
    if (omp_get_team_num() >= omp_get_num_teams()) bad = bad + 1
  end do
  print '(a, i0)', 'team numbers out of range: ', count(team_of < 0)
  print '(a, i0)', 'teams above the count: ', bad
end program omp_device_queries_ondevice
