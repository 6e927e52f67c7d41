! flags: -fopenmp
module m
  implicit none
  integer :: arr(4)
  !$omp threadprivate(arr)
end module m

subroutine s(d)
  implicit none
  integer :: d, loc
  integer, save :: ok
  !$omp threadprivate(loc, d, ok, nosuch)
  !$omp parallel copyin(ok)
  loc = 1
  !$omp end parallel
  !$omp parallel copyin(loc)
  loc = 2
  !$omp end parallel
end subroutine s
