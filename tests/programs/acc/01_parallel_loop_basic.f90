! Tests: parallel loop, parallel + loop, kernels loop, copyin/copyout/copy clauses on real(8) and integer
!        arrays
program p01_parallel_loop_basic
  implicit none
  integer, parameter :: n = 1000
  integer :: i
  real(8) :: a(n), b(n), c(n)
  integer :: ia(n), ib(n)
  real(8) :: total
  integer :: itotal

  do i = 1, n
    a(i) = dble(i)
    b(i) = dble(2 * i) * 0.5d0
    ia(i) = i
    ib(i) = 0
    c(i) = -1.0d0
  end do

  !$acc parallel loop copyin(a, b) copyout(c)
  do i = 1, n
    c(i) = a(i) + 2.0d0 * b(i)
  end do

  !$acc parallel copyin(ia) copyout(ib)
  !$acc loop
  do i = 1, n
    ib(i) = 3 * ia(i) - 1
  end do
  !$acc end parallel

  !$acc kernels loop copy(a) copyin(c)
  do i = 1, n
    a(i) = a(i) + c(i) * 0.25d0
  end do

  total = 0.0d0
  itotal = 0
  do i = 1, n
    total = total + a(i)
    itotal = itotal + ib(i)
  end do

  print *, 'c(1), c(500), c(n) =', c(1), c(500), c(n)
  print *, 'ib(1), ib(777), ib(n) =', ib(1), ib(777), ib(n)
  print *, 'a(1), a(n) =', a(1), a(n)
  print '(A, F14.4)', 'sum(a) = ', total
  print '(A, F14.4)', 'intrinsic sum(c) = ', sum(c)
  print '(A, I10)', 'sum(ib) = ', itotal
end program p01_parallel_loop_basic
