! flags: -fopenmp
! sections and parallel sections: each section runs once; reductions, lastprivate.
program sections_host
  implicit none
  integer :: a, b, c, s, lp
  real(8) :: x(100)
  integer :: i
  a = 0; b = 0; c = 0; s = 0
  !$omp parallel
  !$omp sections
  a = 1
  !$omp section
  b = 2
  !$omp section
  do i = 1, 100
    x(i) = i
  end do
  c = 3
  !$omp end sections
  !$omp end parallel
  print *, a, b, c, sum(x)
  !$omp parallel sections reduction(+:s) lastprivate(lp)
  !$omp section
  s = s + 10
  lp = 1
  !$omp section
  s = s + 20
  lp = 2
  !$omp section
  s = s + 30
  lp = 3
  !$omp end parallel sections
  print *, s, lp
end program sections_host
