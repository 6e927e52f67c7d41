! Jacobi and Gauss-Seidel iterations for the 1-D Poisson problem -u'' = f on a grid with
! fixed boundary values: residual norms, iteration counts until a tolerance is met (exit
! from a named loop), and the discrete solution compared with the exact quadratic.
program jacobi
  implicit none
  integer, parameter :: n = 31
  real(8) :: u(0:n+1), unew(0:n+1), f(n), h, res, err
  integer :: it, i, itj, itgs
  h = 1.0d0 / (n + 1)
  f = 2.0d0
  ! exact solution of -u'' = 2 with u(0)=0, u(1)=0 is x(1-x)
  u = 0.0d0
  unew = 0.0d0
  itj = 0
  jac: do it = 1, 20000
    do i = 1, n
      unew(i) = 0.5d0 * (u(i-1) + u(i+1) + h*h*f(i))
    end do
    res = maxval(abs(unew(1:n) - u(1:n)))
    u(1:n) = unew(1:n)
    if (res < 1.0d-10) then
      itj = it
      exit jac
    end if
  end do jac
  err = 0.0d0
  do i = 1, n
    err = max(err, abs(u(i) - (i*h) * (1.0d0 - i*h)))
  end do
  print '(A,L2)', 'jacobi converged:', itj > 0
  print '(A,L2,A,L2)', 'jacobi iterations > 1000:', itj > 1000, ' < 5000:', itj < 5000
  print '(A,F10.6)', 'jacobi max error:', err
  print '(A,F10.6)', 'u(16) =', u(16)
  ! Gauss-Seidel: in-place updates converge about twice as fast
  u = 0.0d0
  itgs = 0
  gs: do it = 1, 20000
    res = 0.0d0
    do i = 1, n
      err = 0.5d0 * (u(i-1) + u(i+1) + h*h*f(i))
      res = max(res, abs(err - u(i)))
      u(i) = err
    end do
    if (res < 1.0d-10) then
      itgs = it
      exit gs
    end if
  end do gs
  print '(A,L2)', 'gauss-seidel faster:', itgs < itj
  print '(A,L2)', 'ratio near 2:', abs(real(itj, 8) / itgs - 2.0d0) < 0.2d0
  print '(A,F10.6)', 'u(8)  =', u(8)
  print '(A,F10.6)', 'u(24) =', u(24)
  ! residual of the discrete equations
  res = 0.0d0
  do i = 1, n
    res = max(res, abs((2*u(i) - u(i-1) - u(i+1)) / (h*h) - f(i)))
  end do
  print '(A,L2)', 'residual small:', res < 1.0d-5
end program jacobi
