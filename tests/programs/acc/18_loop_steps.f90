! Tests: negative and non-unit loop steps in parallel loop, kernels loop, loop seq and loop vector;
!        reductions over stepped loops; non-1 lower bounds; loop seq inside parallel loop gang
program p18_loop_steps
  implicit none
  integer, parameter :: n = 1000
  integer :: i, j
  integer :: a(n), b(n), c(n)
  integer :: s1, s2, s3, r1, r2, r3
  real(8) :: x(n), sx

  do i = 1, n
    a(i) = i
    b(i) = 0
    c(i) = 0
    x(i) = 0.0d0
  end do

  ! negative step, every element written once
  !$acc parallel loop copyin(a) copy(b)
  do i = n, 1, -1
    b(i) = a(n + 1 - i) * 2
  end do

  ! step 3 and step -7 on disjoint updates
  !$acc kernels loop copy(c)
  do i = 1, n, 3
    c(i) = 1
  end do
  !$acc parallel loop copy(c)
  do i = n - 1, 2, -7
    c(i) = c(i) + 10
  end do

  ! stepped reductions
  s1 = 0
  s2 = 0
  s3 = 0
  !$acc parallel loop reduction(+:s1) copyin(a)
  do i = 5, n, 4
    s1 = s1 + a(i)
  end do
  !$acc parallel loop gang vector reduction(+:s2) copyin(a)
  do i = n, 3, -5
    s2 = s2 + a(i)
  end do
  !$acc parallel loop reduction(max:s3) copyin(a)
  do i = 777, 33, -33
    s3 = max(s3, a(i))
  end do

  ! loop seq with negative step inside a gang loop: backward recurrence per row
  !$acc parallel loop gang copyout(x)
  do j = 1, 10
    x(j * 100) = dble(j)
    !$acc loop seq
    do i = j * 100 - 1, (j - 1) * 100 + 1, -1
      x(i) = x(i + 1) + 0.5d0
    end do
  end do

  ! vector loop with step 2 inside a single-gang parallel region
  !$acc parallel num_gangs(1) copy(b)
  !$acc loop vector
  do i = 2, n, 2
    b(i) = -b(i)
  end do
  !$acc end parallel

  r1 = 0
  do i = 5, n, 4
    r1 = r1 + i
  end do
  r2 = 0
  do i = n, 3, -5
    r2 = r2 + i
  end do
  r3 = 0
  do i = 777, 33, -33
    r3 = max(r3, i)
  end do
  sx = 0.0d0
  do i = 1, n
    sx = sx + x(i)
  end do

  print *, 'b(1:4) =', b(1), b(2), b(3), b(4)
  print *, 'b(n-1), b(n) =', b(n - 1), b(n)
  print *, 'c(1:8) =', c(1), c(2), c(3), c(4), c(5), c(6), c(7), c(8)
  print '(A, I8)', 'sum(b) = ', sum(b)
  print '(A, I8)', 'sum(c) = ', sum(c)
  print *, 'stepped sums:', s1, s2, s3
  print *, 'host sums   :', r1, r2, r3
  print *, 'x(1), x(100), x(901) =', x(1), x(100), x(901)
  print '(A, F12.2)', 'sum(x) = ', sx
end program p18_loop_steps
