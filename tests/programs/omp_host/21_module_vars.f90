! flags: -fopenmp
! Module and saved variables are shared by the team: reductions and atomics on them.
module counters
  implicit none
  integer :: hits = 0
  real(8) :: total = 0
  integer :: table(100)
end module counters

program module_vars
  use counters
  implicit none
  integer :: i
  integer, save :: calls = 0
  !$omp parallel do reduction(+:total)
  do i = 1, 100
    table(i) = i * 2
    total = total + 0.5d0
  end do
  !$omp parallel do
  do i = 1, 100
    !$omp atomic
    hits = hits + table(i)
    !$omp atomic
    calls = calls + 1
  end do
  print *, hits, total, calls
end program module_vars
