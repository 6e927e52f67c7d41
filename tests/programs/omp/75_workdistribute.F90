! flags: -fopenmp
! OpenMP 6.0's `target teams workdistribute`: the array statements of the block run once
! (one team, one thread), in order, on the device; on the host `teams workdistribute` is
! one team. gfortran 12 has no `workdistribute`: its build writes `target` / plain code.
program workdistribute
  implicit none
  integer, parameter :: n = 50
  real :: x(n), y(n), z(n), a, m
  integer :: i
  do i = 1, n
    x(i) = i
    y(i) = 2 * i
  end do
  a = 0.5
#ifdef __GPUF__
  !$omp target teams workdistribute map(to: x) map(tofrom: y) map(from: z, m)
#else
  !$omp target map(to: x) map(tofrom: y) map(from: z, m)
#endif
  y = a * x + y
  z = y - x
  m = maxval(z)
#ifdef __GPUF__
  !$omp end target teams workdistribute
  !$omp teams workdistribute
#else
  !$omp end target
#endif
  x = x + z
#ifdef __GPUF__
  !$omp end teams workdistribute
#endif
  print *, sum(y), sum(z), m, sum(x)
end program
