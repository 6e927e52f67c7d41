! flags: -fcheck=bounds
! -fcheck=bounds inside compute constructs: in-bounds elements and sections of gang, worker
! and vector loops pass the checks; then one subscript past the upper bound in a vector
! loop stops the program with gfortran's message (on the sim device from a kernel thread).
program bounds_kernel_rterr
  implicit none
  integer, parameter :: n = 12, m = 5
  integer :: a(n, m), b(0:n+1), c(n), i, j, last
  a = 0
  b = [(i, i = 0, n + 1)]
  !$acc parallel loop gang worker copy(a) copyin(b)
  do j = 1, m
    !$acc loop vector
    do i = 1, n
      a(i, j) = b(i - 1) + b(i + 1) * j
    end do
  end do
  !$acc parallel loop copyout(c) copyin(a)
  do i = 1, n
    c(i) = sum(a(i, 2:m)) - a(i, 1)
  end do
  print *, sum(a), c(1), c(n)
  !$acc kernels copy(c)
  c(2:n-1) = c(1:n-2) + c(3:n)
  !$acc end kernels
  print *, c(1), c(2), c(n - 1), c(n)
  last = n + 1
  !$acc parallel loop gang vector copy(c)
  do i = 1, n
    if (i == n) then
      c(last) = 0
    else
      c(i) = -c(i)
    end if
  end do
  print *, 'not reached', c(1)
end program bounds_kernel_rterr
