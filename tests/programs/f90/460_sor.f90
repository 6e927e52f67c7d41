! Successive over-relaxation for the 2-D Laplace equation on a square with one hot edge:
! iteration counts for several relaxation factors (the near-optimal one is fastest), a
! red-black ordering giving the same converged field, symmetry of the solution, and
! values printed to four decimals.
program sor
  implicit none
  integer, parameter :: n = 16
  real(8) :: u(0:n+1, 0:n+1), v(0:n+1, 0:n+1), omega(4), resid
  integer :: iters(4), k, i, j
  omega = [1.0d0, 1.5d0, 1.7d0, 1.9d0]
  do k = 1, 4
    call setup(u)
    iters(k) = relax(u, omega(k), .false.)
    print '(A,F5.2,A,I5)', 'omega', omega(k), ' iterations', iters(k)
  end do
  print '(A,L2)', 'gauss-seidel slowest:', iters(1) == maxval(iters)
  print '(A,I2)', 'fastest omega index:', minloc(iters, dim=1)
  call setup(v)
  k = relax(v, 1.7d0, .true.)
  print '(A,L2)', 'red-black converged to the same field:', maxval(abs(u - v)) < 1.0d-8
  print '(A,L2)', 'left-right symmetric:', maxval(abs(u(1:n, 1:n) - u(1:n, n:1:-1))) < 1.0d-8
  print '(A,4F9.4)', 'centre column samples:', (u(i, n/2), i = 2, n, 5)
  resid = 0
  do j = 1, n
    do i = 1, n
      resid = max(resid, abs(u(i-1,j) + u(i+1,j) + u(i,j-1) + u(i,j+1) - 4 * u(i,j)))
    end do
  end do
  print '(A,L2)', 'residual small:', resid < 1.0d-8
contains
  subroutine setup(w)
    real(8), intent(out) :: w(0:n+1, 0:n+1)
    w = 0
    w(0, 1:n) = 100
  end subroutine setup
  integer function relax(w, om, redblack) result(it)
    real(8), intent(inout) :: w(0:n+1, 0:n+1)
    real(8), intent(in) :: om
    logical, intent(in) :: redblack
    real(8) :: change, gs, delta
    integer :: p, q, colour
    do it = 1, 10000
      change = 0
      if (redblack) then
        do colour = 0, 1
          do q = 1, n
            do p = 1, n
              if (mod(p + q, 2) /= colour) cycle
              gs = 0.25d0 * (w(p-1,q) + w(p+1,q) + w(p,q-1) + w(p,q+1))
              delta = om * (gs - w(p,q))
              w(p,q) = w(p,q) + delta
              change = max(change, abs(delta))
            end do
          end do
        end do
      else
        do q = 1, n
          do p = 1, n
            gs = 0.25d0 * (w(p-1,q) + w(p+1,q) + w(p,q-1) + w(p,q+1))
            delta = om * (gs - w(p,q))
            w(p,q) = w(p,q) + delta
            change = max(change, abs(delta))
          end do
        end do
      end if
      if (change < 1.0d-11) exit
    end do
  end function relax
end program sor
