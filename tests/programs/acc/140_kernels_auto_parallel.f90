! kernels loops without `independent` that the dependence test proves independent (vector
! add, a stencil, a 2-D nest, `loop auto`, a whole-column write): partitioned, and the
! results equal the sequential ones.
program kernels_auto_parallel
  implicit none
  integer, parameter :: n = 300, m = 70
  integer :: a(n), b(n), c(n), s(n), t(m, n), u(0:m + 1, n)
  integer :: i, j
  do i = 1, n
    a(i) = i
    b(i) = 3 * i - 7
  end do
  !$acc kernels copyin(a, b) copyout(c, s, t, u)
  !$acc loop
  do i = 1, n
    c(i) = a(i) + b(i)
  end do
  s(1) = 0
  s(n) = 0
  !$acc loop auto
  do i = 2, n - 1
    s(i) = c(i - 1) - 2 * c(i) + c(i + 1) + a(i)
  end do
  !$acc loop
  do j = 1, n
    !$acc loop
    do i = 1, m
      t(i, j) = i * 1000 + j + mod(a(j), 7)
    end do
  end do
  !$acc loop
  do j = 1, n
    u(0, j) = -j
    do i = 1, m
      u(i, j) = u(i - 1, j) + i
    end do
    u(m + 1, j) = u(m, j) + max(a(j), b(j))
  end do
  !$acc end kernels
  print *, sum(c), c(1), c(n)
  print *, sum(s), s(2), s(n - 1)
  print *, sum(t), t(1, 1), t(m, n), t(5, 17)
  print *, sum(u), u(m + 1, 1), u(m + 1, n), u(3, 9)
end program
