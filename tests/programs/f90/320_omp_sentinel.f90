! flags: -fopenmp
! gfortran's conditional compilation: with -fopenmp the `!$ ` lines are compiled (also as
! continuation lines and inside expressions split over lines), `!$omp` directives are left
! to the compiler (gpuf runs them on one thread); results are the same either way.
program omp_sentinel
  implicit none
  integer :: i, s, t
  logical :: threaded
  threaded = .false.
  !$ threaded = .true.
  s = 0
  !$omp parallel do reduction(+:s)
  do i = 1, 1000
    s = s + i
  end do
  !$omp end parallel do
  t = 1 &
  !$  + 10 &
      + 100
  print *, 'threaded build', threaded
  print *, 'sum', s, 't', t
  !$ print *, 'only with -fopenmp'
end program omp_sentinel
