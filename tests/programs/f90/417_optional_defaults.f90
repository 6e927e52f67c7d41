! Optional arguments the way library routines use them: defaults for missing tolerance
! and iteration limits, optional output arguments written only when present, present()
! passed on to another routine's optional dummy, keyword arguments in any order.
module solvers
  implicit none
contains
  subroutine newton_sqrt(a, x, tol, maxit, iters, converged)
    real(8), intent(in) :: a
    real(8), intent(out) :: x
    real(8), intent(in), optional :: tol
    integer, intent(in), optional :: maxit
    integer, intent(out), optional :: iters
    logical, intent(out), optional :: converged
    real(8) :: t, xn
    integer :: m, k
    t = 1.0d-12
    if (present(tol)) t = tol
    m = 50
    if (present(maxit)) m = maxit
    x = max(a, 1.0d0)
    do k = 1, m
      xn = 0.5d0 * (x + a / x)
      if (abs(xn - x) < t) then
        x = xn
        exit
      end if
      x = xn
    end do
    if (present(iters)) iters = min(k, m)
    if (present(converged)) converged = k <= m
  end subroutine newton_sqrt

  subroutine describe(name, value, unit_name, digits)
    character(len=*), intent(in) :: name
    real(8), intent(in) :: value
    character(len=*), intent(in), optional :: unit_name
    integer, intent(in), optional :: digits
    character(len=20) :: buf
    if (present(digits)) then
      if (digits == 2) then
        write(buf, '(F20.2)') value
      else
        write(buf, '(F20.6)') value
      end if
    else
      write(buf, '(F20.4)') value
    end if
    if (present(unit_name)) then
      print '(A,A,A,1X,A)', name, ' = ', trim(adjustl(buf)), unit_name
    else
      print '(A,A,A)', name, ' = ', trim(adjustl(buf))
    end if
  end subroutine describe

  subroutine wrapper(a, maxit, iters)
    real(8), intent(in) :: a
    integer, intent(in), optional :: maxit
    integer, intent(out), optional :: iters
    real(8) :: x
    call newton_sqrt(a, x, maxit=maxit, iters=iters)
    call describe('wrapped sqrt', x)
  end subroutine wrapper
end module solvers

program optional_defaults
  use solvers
  implicit none
  real(8) :: x
  integer :: it
  logical :: ok
  call newton_sqrt(16.0d0, x)
  call describe('sqrt(16)', x)
  call newton_sqrt(2.25d0, x, iters=it, converged=ok)
  call describe('sqrt(2.25)', x, 'm', 2)
  print '(A,L2,A,L2)', 'converged:', ok, ' few iterations:', it < 10
  call newton_sqrt(1.0d6, x, maxit=3, converged=ok, iters=it)
  print '(A,L2,A,I2)', 'with 3 iterations converged:', ok, ' iters:', it
  call newton_sqrt(tol=1.0d-3, a=6.25d0, x=x)
  call describe(value=x, name='sqrt(6.25) loose', digits=2)
  call wrapper(0.25d0)
  call wrapper(0.25d0, 2, it)
  print '(A,I2)', 'wrapper iterations:', it
  call wrapper(64.0d0, iters=it)
  print '(A,L2)', 'default limit used:', it < 50
end program optional_defaults
