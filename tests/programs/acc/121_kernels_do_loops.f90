! A sequential `do` loop at the top of a `kernels` construct around partitioned loops: the
! host runs it and launches the loops of its body as kernels each iteration, so every
! loop reads what the loops before it wrote in all gangs (also across iterations, and
! with an `if` on the loop variable inside, and a second sequential level).
program kernels_do_loops
  implicit none
  integer, parameter :: n = 1000
  integer :: a(n), b(n), c(n), it, k, j, s

  a = [(j, j = 1, n)]
  b = 0
  c = 0
  s = 3
  !$acc data copy(a, b, c)
  !$acc kernels
  do it = 1, 7, 2
    !$acc loop independent
    do j = 1, n
      b(j) = a(n + 1 - j) + it
    end do
    if (it > s) then
      !$acc loop independent
      do j = 1, n
        a(j) = b(n + 1 - j) - b(1 + mod(j * 13, n))
      end do
    else
      !$acc loop independent
      do j = 1, n
        a(j) = b(n + 1 - j) * 2
      end do
    end if
  end do
  !$acc end kernels
  !$acc update host(a, b)
  print '(2i12, 2i8)', sum(a), sum(b), a(1), b(n)

  !$acc kernels
  do k = 1, 3
    do it = 1, 2
      !$acc loop independent
      do j = 1, n
        b(j) = c(n + 1 - j) + k
      end do
      !$acc loop independent
      do j = 1, n
        c(j) = b(1 + mod(j * 7, n)) + a(j) * it
      end do
    end do
  end do
  !$acc end kernels
  !$acc end data
  print '(i12, 3i8)', sum(c), c(1), c(n / 2), c(n)
end program
