! flags: -fopenmp
! Reductions on the parallel construct itself and on worksharing loops inside it.
program parallel_reduction
  use omp_lib
  implicit none
  integer :: nthr, s, i, mx, p
  logical :: all_ok
  real(8) :: d
  nthr = 0
  all_ok = .true.
  mx = 0
  !$omp parallel reduction(+:nthr) reduction(.and.:all_ok) reduction(max:mx)
  nthr = nthr + 1
  all_ok = all_ok .and. omp_get_thread_num() < omp_get_num_threads()
  mx = max(mx, omp_get_num_threads())
  !$omp end parallel
  print *, nthr == omp_get_max_threads(), all_ok, mx == omp_get_max_threads()
  s = 0
  d = 0
  p = 1
  !$omp parallel
  !$omp do reduction(+:s) reduction(-:d)
  do i = 1, 500
    s = s + i
    d = d - 0.5d0
  end do
  !$omp end do
  !$omp do reduction(*:p)
  do i = 1, 10
    if (i > 5) p = p * 3
  end do
  !$omp end do
  !$omp end parallel
  print *, s, d, p
end program parallel_reduction
