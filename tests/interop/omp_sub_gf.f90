! Compiled by gfortran -fopenmp: called from inside a gpuf parallel region.
subroutine gf_who(tid, nthr)
  use omp_lib
  implicit none
  integer, intent(out) :: tid, nthr
  tid = omp_get_thread_num()
  nthr = omp_get_num_threads()
end subroutine gf_who

! An orphaned worksharing loop: binds to the team of the caller.
subroutine gf_share(hits, n, s)
  implicit none
  integer, intent(in) :: n
  integer, intent(inout) :: hits(n)
  integer, intent(inout) :: s
  integer :: i
  !$omp do schedule(dynamic, 3) reduction(+:s)
  do i = 1, n
    hits(i) = hits(i) + 1
    s = s + i
  end do
  !$omp end do
end subroutine gf_share
