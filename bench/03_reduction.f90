! Benchmark: repeated gang-vector sum reductions over a large array.
program reductions
  implicit none
  integer, parameter :: n = 2000000, reps = 800
  real(8), allocatable :: x(:)
  real(8) :: s, total
  integer :: i, r
  allocate(x(n))
  do i = 1, n
    x(i) = real(mod(i, 1000), 8) * 0.5d0
  end do
  total = 0.0d0
  do r = 1, reps
    s = 0.0d0
    !$acc parallel loop gang vector reduction(+:s) copyin(x)
    do i = 1, n
      s = s + x(i)
    end do
    total = total + s
  end do
  print *, total
end program reductions
