! Runge-Kutta methods for ODE systems: explicit Euler, midpoint and classical RK4 steps
! for y' = -y and the harmonic oscillator, with step-halving error ratios (convergence
! orders) and energy drift, using a procedure that evaluates the right-hand side.
module odes
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  subroutine rhs(t, y, dy, m)
    integer, intent(in) :: m
    real(dp), intent(in) :: t, y(m)
    real(dp), intent(out) :: dy(m)
    if (m == 1) then
      dy(1) = -y(1) + 0 * t
    else
      dy(1) = y(2)
      dy(2) = -y(1)
    end if
  end subroutine rhs

  subroutine step(method, t, y, h, m)
    integer, intent(in) :: method, m
    real(dp), intent(inout) :: t, y(m)
    real(dp), intent(in) :: h
    real(dp) :: k1(m), k2(m), k3(m), k4(m), tmp(m)
    select case (method)
    case (1)
      call rhs(t, y, k1, m)
      y = y + h * k1
    case (2)
      call rhs(t, y, k1, m)
      tmp = y + h/2 * k1
      call rhs(t + h/2, tmp, k2, m)
      y = y + h * k2
    case default
      call rhs(t, y, k1, m)
      tmp = y + h/2 * k1
      call rhs(t + h/2, tmp, k2, m)
      tmp = y + h/2 * k2
      call rhs(t + h/2, tmp, k3, m)
      tmp = y + h * k3
      call rhs(t + h, tmp, k4, m)
      y = y + h/6 * (k1 + 2*k2 + 2*k3 + k4)
    end select
    t = t + h
  end subroutine step

  real(dp) function solve(method, nsteps, m) result(err)
    integer, intent(in) :: method, nsteps, m
    real(dp) :: t, y(m), h
    integer :: i
    t = 0; h = 1.0_dp / nsteps
    if (m == 1) then
      y = 1
    else
      y = [1.0_dp, 0.0_dp]
    end if
    do i = 1, nsteps
      call step(method, t, y, h, m)
    end do
    if (m == 1) then
      err = abs(y(1) - exp(-1.0_dp))
    else
      err = sqrt((y(1) - cos(1.0_dp))**2 + (y(2) + sin(1.0_dp))**2)
    end if
  end function solve
end module odes

program rk4
  use odes
  implicit none
  integer :: method, m, n
  real(dp) :: e1, e2
  do m = 1, 2
    do method = 1, 3
      n = 16
      e1 = solve(method, n, m)
      e2 = solve(method, 2*n, m)
      print '(A,I2,1X,A,A,F5.1,A,L2)', 'system', m, name(method), ' order ~', &
        log(e1/e2) / log(2.0_dp), '  small:', e2 < 1.0e-2_dp
    end do
  end do
  print '(A,L2)', 'rk4 beats midpoint:', solve(3, 10, 2) < solve(2, 10, 2)
  print '(A,L2)', 'midpoint beats euler:', solve(2, 10, 2) < solve(1, 10, 2)
contains
  function name(k) result(s)
    integer, intent(in) :: k
    character(len=8) :: s
    select case (k)
    case (1)
      s = 'euler'
    case (2)
      s = 'midpoint'
    case default
      s = 'rk4'
    end select
  end function name
end program rk4
