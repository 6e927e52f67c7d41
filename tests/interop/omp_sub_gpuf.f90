! Compiled by gpuf -fopenmp -c: an orphaned worksharing loop and a critical section,
! called from a gfortran-built parallel region.
subroutine gpuf_share(hits, n, s, tids)
  use omp_lib
  implicit none
  integer, intent(in) :: n
  integer, intent(inout) :: hits(n), s, tids(0:63)
  integer :: i
  !$omp do schedule(guided) reduction(+:s)
  do i = 1, n
    hits(i) = hits(i) + 1
    s = s + 2 * i
  end do
  !$omp critical (tally)
  tids(omp_get_thread_num()) = tids(omp_get_thread_num()) + 1
  !$omp end critical (tally)
end subroutine gpuf_share
