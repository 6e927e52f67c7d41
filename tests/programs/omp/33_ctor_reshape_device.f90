! flags: -fopenmp
! In target regions: array constructors of scalars (`[x, y, 3]`) computed element by
! element, and `reshape(source, shape)` as an index map over an implied-do constructor or
! an array.
program ctor_reshape_device
  implicit none
  integer, parameter :: n = 4
  integer :: m2(n, n), m3(2, 3, 4), v(6), a(24), i, k
  real(8) :: w(3)
  k = 10
  a = [(3 * i, i = 1, 24)]
  !$omp target map(from: m2, v, w, m3) map(to: k, a)
  m2(:, :) = reshape((/ (i, i = 1, n**2) /), (/ n, n /))
  v = [k, k + 1, 7, -k, 2 * k, 0]
  w(1:3) = [0.5d0, real(k, 8), 2.0d0 ** 3]
  m3 = reshape(a, [2, 3, 4])
  !$omp end target
  print *, m2(1, 1), m2(n, 1), m2(1, n), m2(n, n), sum(m2)
  print *, v
  print *, w
  print *, m3(2, 3, 4), m3(1, 2, 3), sum(m3)
  !$omp target teams distribute parallel do map(tofrom: m2)
  do i = 1, n
    m2(i, :) = [i, 2 * i, 3 * i, k]
  end do
  print *, m2(:, 4), sum(m2)
end program ctor_reshape_device
