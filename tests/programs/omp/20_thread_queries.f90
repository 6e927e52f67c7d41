! flags: -fopenmp
! OpenMP thread queries inside target regions: outside `parallel` one thread (number 0 of
! 1, level 0); in the loops of a `parallel` region every iteration sees a thread number
! below the team's size, and `omp_in_parallel` holds when the team has several threads.
program thread_queries
  use omp_lib
  implicit none
  integer, parameter :: n = 256
  integer :: r(5), ok(n), i, t, nt
  !$omp target map(from: r)
  r(1) = omp_get_thread_num()
  r(2) = omp_get_num_threads()
  r(3) = omp_get_level()
  r(4) = merge(1, 0, omp_in_parallel())
  r(5) = merge(1, 0, omp_get_max_threads() >= 1)
  !$omp end target
  print *, r
  !$omp target teams distribute parallel do map(from: ok) private(t, nt)
  do i = 1, n
    t = omp_get_thread_num()
    nt = omp_get_num_threads()
    ok(i) = merge(1, 0, t >= 0 .and. t < nt .and. (omp_in_parallel() .eqv. nt > 1) .and. omp_get_level() >= 1)
  end do
  print *, sum(ok)
  !$omp target parallel do map(from: ok) private(t, nt)
  do i = 1, n
    t = omp_get_thread_num()
    nt = omp_get_num_threads()
    ok(i) = merge(1, 0, t >= 0 .and. t < nt .and. nt <= omp_get_max_threads())
  end do
  print *, sum(ok)
end program thread_queries
