! flags: -fopenmp
! `lastprivate` on loops in target regions: scalars, arrays, the loop variable itself,
! collapsed nests and strided loops get the values of the sequentially last iteration.
program lastprivate_device
  implicit none
  integer, parameter :: n = 100, m = 7
  integer :: a(n), b(m, n), x, y, t, arr(2), k
  real(8) :: r
  a = [(x, x = 1, n)]
  t = -1
  arr = 0
  !$omp target teams distribute lastprivate(t) map(tofrom: a) defaultmap(tofrom: scalar)
  do x = 1, n
    t = 3 * a(x)
    a(x) = t - a(x)
  end do
  print *, t, sum(a)
  !$omp target teams distribute parallel do lastprivate(arr, r) map(to: a)
  do x = 1, n, 3
    arr(1) = a(x) + 1
    arr(2) = x
    r = 0.5d0 * x
  end do
  print *, arr, r
  x = 0
  k = 0
  !$omp target parallel map(tofrom: a, x, k)
  !$omp do lastprivate(x, k)
  do x = n, 1, -2
    k = a(x) / 2
  end do
  !$omp end target parallel
  print *, x, k
  x = 0
  y = 0
  b = 1
  !$omp target parallel map(tofrom: b, x, y, t)
  !$omp do lastprivate(x, y, t) collapse(2)
  do x = 1, n
    do y = 1, m
      b(y, x) = b(y, x) + x * y
      t = b(y, x)
    end do
  end do
  !$omp end target parallel
  print *, x, y, t, sum(b)
  !$omp target teams distribute parallel do simd lastprivate(y) map(tofrom: y)
  do x = 1, 33
    y = x * x
  end do
  print *, y
end program lastprivate_device
