! flags: -fopenmp
subroutine s
  implicit none
  integer, save :: a
  !$omp threadprivate(a, /blk/)
  a = 1
end subroutine s
