! flags: -fopenmp
! How iterations are dealt to gangs, seen through omp_get_team_num(): without a schedule
! each gang gets one tile; `dist_schedule(static, 2)` (OpenACC's `gang(static: 2)`) deals
! chunks of 2 to the teams in turn. The host device with ACC_NUM_CORES=1 (as the harness runs
! `ondevice` programs) runs one gang (NAME.out), the sim device
! the asked-for 3 (NAME.sim.out). The OpenACC loops with `gang(static:)` compute the same
! sums everywhere.
program gang_static_ondevice
  use omp_lib
  implicit none
  integer :: team(20), a(50), i, k, s
  team = -1
  !$omp target teams distribute num_teams(3) map(from: team)
  do i = 1, 20
    team(i) = omp_get_team_num()
  end do
  print '(a, 20i2)', 'tiles: ', team
  team = -1
  !$omp target teams distribute num_teams(3) dist_schedule(static, 2) map(from: team)
  do i = 1, 20
    team(i) = omp_get_team_num()
  end do
  print '(a, 20i2)', 'chunks:', team
  a = 0
  s = 0
  k = 3
  !$acc parallel loop gang(static:k) num_gangs(4) copy(a) reduction(+:s)
  do i = 1, 50
    a(i) = a(i) + i
    s = s + i
  end do
  !$acc parallel loop gang(static:*) vector copy(a)
  do i = 1, 50, 2
    a(i) = -a(i)
  end do
  print *, sum(a), s, a(1), a(50)
end program gang_static_ondevice
