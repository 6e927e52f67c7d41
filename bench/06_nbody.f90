! Benchmark: an all-pairs interaction sum with sqrt, gang over bodies, vector inner loop.
program nbody
  implicit none
  integer, parameter :: n = 16000
  real(8) :: x(n), y(n), f(n), dx, dy, r2, acc
  integer :: i, j
  do i = 1, n
    x(i) = real(mod(i * 37, 101), 8)
    y(i) = real(mod(i * 53, 97), 8)
  end do
  !$acc parallel loop gang copyin(x, y) copyout(f) private(acc)
  do i = 1, n
    acc = 0.0d0
    !$acc loop vector reduction(+:acc) private(dx, dy, r2)
    do j = 1, n
      dx = x(j) - x(i)
      dy = y(j) - y(i)
      r2 = dx * dx + dy * dy + 1.0d0
      acc = acc + 1.0d0 / sqrt(r2)
    end do
    f(i) = acc
  end do
  print '(2ES20.10)', f(1), f(n)
end program nbody
