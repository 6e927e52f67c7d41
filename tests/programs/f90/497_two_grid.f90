! A two-grid (and recursive V-cycle) solver for the 1-D Poisson equation: weighted-Jacobi
! smoothing, full-weighting restriction, linear-interpolation prolongation and a
! recursive coarse solve on grids of 2**k - 1 points, with automatic arrays sized from
! arguments in each level; residual reduction per cycle and the solution at sample points.
program two_grid
  implicit none
  integer, parameter :: n = 63
  real(8) :: u(0:n+1), f(0:n+1), h, r0, r
  integer :: cycle_no, i
  h = 1.0d0 / (n + 1)
  do i = 0, n + 1
    f(i) = 2.0d0
  end do
  u = 0
  r0 = resnorm(u, f, n, h)
  do cycle_no = 1, 8
    call vcycle(u, f, n, h)
    r = resnorm(u, f, n, h)
    print '(A,I2,A,L2)', 'cycle', cycle_no, ' residual reduced 5x:', r < r0 / 5
    r0 = r
  end do
  print '(A,L2)', 'converged:', r < 1.0d-9
  print '(A,4F10.6)', 'u at x = 1/4, 1/2, 3/4, 7/8:', u(16), u(32), u(48), u(56)
  print '(A,L2)', 'matches x(1-x):', abs(u(32) - 0.25d0) < 1.0d-8 .and. abs(u(16) - 0.1875d0) < 1.0d-8
contains
  real(8) function resnorm(v, g, m, hh)
    integer, intent(in) :: m
    real(8), intent(in) :: v(0:m+1), g(0:m+1), hh
    integer :: k
    resnorm = 0
    do k = 1, m
      resnorm = max(resnorm, abs(g(k) - (2 * v(k) - v(k-1) - v(k+1)) / hh**2))
    end do
  end function resnorm
  subroutine smooth(v, g, m, hh, sweeps)
    integer, intent(in) :: m, sweeps
    real(8), intent(inout) :: v(0:m+1)
    real(8), intent(in) :: g(0:m+1), hh
    real(8) :: w(0:m+1)
    integer :: s, k
    do s = 1, sweeps
      w = v
      do k = 1, m
        v(k) = w(k) + (2.0d0 / 3.0d0) * (0.5d0 * (w(k-1) + w(k+1) + hh**2 * g(k)) - w(k))
      end do
    end do
  end subroutine smooth
  recursive subroutine vcycle(v, g, m, hh)
    integer, intent(in) :: m
    real(8), intent(inout) :: v(0:m+1)
    real(8), intent(in) :: g(0:m+1), hh
    real(8) :: res(0:m+1), rc(0:(m-1)/2+1), ec(0:(m-1)/2+1)
    integer :: k, mc
    if (m == 1) then
      v(1) = 0.5d0 * (v(0) + v(2) + hh**2 * g(1))
      return
    end if
    call smooth(v, g, m, hh, 3)
    res = 0
    do k = 1, m
      res(k) = g(k) - (2 * v(k) - v(k-1) - v(k+1)) / hh**2
    end do
    mc = (m - 1) / 2
    rc = 0
    do k = 1, mc
      rc(k) = 0.25d0 * (res(2*k-1) + 2 * res(2*k) + res(2*k+1))
    end do
    ec = 0
    call vcycle(ec, rc, mc, 2 * hh)
    do k = 1, mc
      v(2*k) = v(2*k) + ec(k)
    end do
    do k = 0, mc
      v(2*k+1) = v(2*k+1) + 0.5d0 * (ec(k) + ec(k+1))
    end do
    call smooth(v, g, m, hh, 3)
  end subroutine vcycle
end program two_grid
