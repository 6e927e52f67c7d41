! flags: -fopenmp
! OpenMP query routines inside declare target procedures (and a procedure they call,
! implicitly declare target): called in a target region they answer as the team's
! sequential code does (one thread, level 0, the region's own view of the initial
! device); called from host code, in and out of a host parallel region, as libgomp does.
! A saved scalar of a declare target function (the host's on the host and sim devices).
module dev_queries
  use omp_lib
  implicit none
contains
  integer function inner(on_host)
    logical, intent(out) :: on_host
    on_host = omp_is_initial_device()
    inner = omp_get_thread_num() + 10 * omp_get_num_threads()
  end function

  integer function counted()
    !$omp declare target
    integer, save :: calls = 0
    calls = calls + 1
    counted = calls
  end function

  subroutine probe(q, on_host)
    !$omp declare target
    integer, intent(out) :: q(6)
    logical, intent(out) :: on_host
    logical :: inner_host
    q(1) = omp_get_team_num()
    q(2) = omp_get_num_teams()
    q(3) = inner(inner_host)
    q(4) = omp_get_level()
    q(5) = merge(1, 0, omp_in_parallel())
    q(6) = merge(1, 0, omp_get_max_threads() >= 1)
    on_host = omp_is_initial_device() .and. inner_host
  end subroutine
end module

program device_proc_queries
  use dev_queries
  implicit none
  integer :: q(6), t, good, n, c1, c2
  logical :: h, region_host, same

  ! Host code: the initial device, one thread.
  call probe(q, h)
  print *, q, h

  ! A target region: the procedure agrees with the region about where it runs.
  !$omp target map(from: q, h, region_host)
  call probe(q, h)
  region_host = omp_is_initial_device()
  !$omp end target
  same = h .eqv. region_host
  print *, q, same

  ! Host threads: each sees its own thread number through the procedure.
  good = 0
  n = 0
  !$omp parallel private(q, h, t) reduction(+: good, n)
  n = n + 1
  call probe(q, h)
  t = omp_get_thread_num()
  if (q(3) == t + 10 * omp_get_num_threads() .and. q(4) == 1 .and. h) good = good + 1
  !$omp end parallel
  print *, good == n

  c1 = counted()
  !$omp target map(from: c2)
  c2 = counted()
  !$omp end target
  print *, c1, c2 >= 1
end program
