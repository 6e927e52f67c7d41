! flags: -fopenmp
! aligned(list[: n]) on simd constructs: a hint about where pointer, allocatable and
! type(c_ptr) items point; the results are those of the same loops without it.
module aligned_data
  implicit none
  real(8), allocatable :: u(:)
end module aligned_data

program simd_aligned
  use iso_c_binding
  use aligned_data
  implicit none
  integer, parameter :: n = 203
  real(8), allocatable :: x(:), y(:)
  real(8), pointer :: p(:)
  real(8), target :: t(n)
  type(c_ptr) :: cp
  real(8) :: s, d
  integer :: i, k

  allocate(x(n), y(n), u(n))
  do i = 1, n
    x(i) = real(i, 8) * 0.5d0
    y(i) = real(mod(i * 7, 13), 8)
    t(i) = real(n - i, 8)
  end do
  p => t
  cp = c_loc(t)

  s = 0
  !$omp simd aligned(x, y: 64) aligned(p) aligned(cp: 16) reduction(+: s)
  do i = 1, n
    s = s + x(i) * y(i) + p(i)
  end do
  print '(a, f14.3)', 'host simd dot   ', s

  !$omp parallel do simd aligned(x: 32) aligned(u: 8) schedule(static)
  do i = 1, n
    u(i) = 2 * x(i) - y(i)
  end do
  print '(a, 3f12.3)', 'parallel do simd', u(1), u(n / 2), u(n)

  s = 0
  d = 0
  !$omp target teams distribute parallel do simd aligned(x, y: 16) map(to: x, y) map(tofrom: s, d) &
  !$omp&   reduction(+: s) reduction(max: d)
  do i = 1, n
    s = s + x(i) + y(i)
    d = max(d, x(i) - y(i))
  end do
  print '(a, 2f14.3)', 'target simd     ', s, d

  !$omp target map(tofrom: u) map(to: x)
  !$omp parallel do
  do k = 1, 4
    !$omp simd aligned(u, x: 128)
    do i = k, n, 4
      u(i) = u(i) + x(i) * k
    end do
  end do
  !$omp end target
  print '(a, 3f12.3)', 'nested simd     ', u(1), u(2), u(n)

  deallocate(x, y, u)
end program simd_aligned
