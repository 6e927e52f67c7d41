! Newton's method for a nonlinear system of two equations with an analytic Jacobian
! solved by Cramer's rule: intersections of a circle and a parabola from several starting
! points, iteration counts, quadratic convergence seen in the residual ratios, and a
! singular-Jacobian guard; roots are printed to 8 decimals after full convergence.
program newton_system
  implicit none
  real(8) :: x(2), f(2), jac(2,2), det, dx(2), starts(2,5), resid, prev
  integer :: s, it
  logical :: quadratic
  call start_points(starts)
  do s = 1, 5
    x = starts(:, s)
    prev = -1
    quadratic = .true.
    do it = 1, 50
      call fun(x, f, jac)
      resid = sqrt(f(1)**2 + f(2)**2)
      if (resid < 1.0d-14) exit
      if (prev > 0 .and. prev < 1.0d-3) then
        if (resid > 10 * prev**2) quadratic = .false.
      end if
      prev = resid
      det = jac(1,1) * jac(2,2) - jac(1,2) * jac(2,1)
      if (abs(det) < 1.0d-12) then
        print '(A,I2)', 'singular jacobian from start', s
        exit
      end if
      dx(1) = (-f(1) * jac(2,2) + f(2) * jac(1,2)) / det
      dx(2) = (-f(2) * jac(1,1) + f(1) * jac(2,1)) / det
      x = x + dx
    end do
    if (resid < 1.0d-14) then
      print '(A,I2,A,2F13.8,A,L2,A,L2)', 'start', s, ' root', x, ' few iterations:', it < 12, &
        ' quadratic:', quadratic
    else if (it > 50) then
      print '(A,I2,A)', 'start', s, ': no convergence in 50 iterations (no real root nearby)'
    end if
  end do
contains
  ! circle x^2 + y^2 = 4 and parabola y = x^2 - 1
  subroutine fun(v, fv, jv)
    real(8), intent(in) :: v(2)
    real(8), intent(out) :: fv(2), jv(2,2)
    fv(1) = v(1)**2 + v(2)**2 - 4
    fv(2) = v(1)**2 - 1 - v(2)
    jv(1,1) = 2 * v(1); jv(1,2) = 2 * v(2)
    jv(2,1) = 2 * v(1); jv(2,2) = -1
  end subroutine fun
  subroutine start_points(p)
    real(8), intent(out) :: p(2,5)
    p(:,1) = [2.0d0, 2.0d0]
    p(:,2) = [-2.0d0, 2.0d0]
    p(:,3) = [0.5d0, -1.0d0]
    p(:,4) = [-0.5d0, -1.5d0]
    p(:,5) = [0.0d0, 0.0d0]
  end subroutine start_points
end program newton_system
