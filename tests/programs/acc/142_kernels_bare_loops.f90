! `do` loops without a loop directive in a kernels construct: the ones the dependence test
! proves independent are partitioned (a 2-D nest, a stencil), the others keep running in
! order (a prefix sum, a recurrence over columns, a loop with `exit`).
program kernels_bare_loops
  implicit none
  integer, parameter :: n = 200, m = 40
  integer :: a(n), b(n), p(n), g(m, n), h(m, n), k, i, j
  do i = 1, n
    a(i) = mod(7 * i, 13)
  end do
  !$acc kernels copyin(a) copyout(b, p, g, h) copy(k)
  do j = 1, n
    do i = 1, m
      g(i, j) = a(j) * i - j
    end do
  end do
  b(1) = a(1)
  b(n) = a(n)
  do i = 2, n - 1
    b(i) = a(i - 1) + a(i) + a(i + 1)
  end do
  p(1) = a(1)
  do i = 2, n
    p(i) = p(i - 1) + a(i)
  end do
  do i = 1, m
    h(i, 1) = i
  end do
  do j = 2, n
    do i = 1, m
      h(i, j) = h(i, j - 1) + mod(a(j), 5)
    end do
  end do
  k = 0
  do i = 1, n
    if (p(i) > 1000) exit
    k = i
  end do
  !$acc end kernels
  print *, sum(g), g(1, 1), g(m, n)
  print *, sum(b), b(2), b(n - 1)
  print *, p(n), p(n / 2)
  print *, sum(h), h(1, n), h(m, n)
  print *, k
end program
