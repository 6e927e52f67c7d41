! Procedures as arguments: dummy functions declared `external` with a type or by an
! interface body, dummy subroutines declared `external`; actual arguments that are module
! procedures, external procedures, internal procedures (which still see their host's
! variables) and dummy procedures passed on; a trapezoid integrator, a bisection root
! finder and a visitor.
module numeric_tools
  implicit none
contains
  real(8) function integrate(f, a, b, n)
    interface
      real(8) function f(x)
        real(8), intent(in) :: x
      end function f
    end interface
    real(8), intent(in) :: a, b
    integer, intent(in) :: n
    integer :: i
    real(8) :: h
    h = (b - a) / n
    integrate = 0.5d0 * (f(a) + f(b))
    do i = 1, n - 1
      integrate = integrate + f(a + i * h)
    end do
    integrate = integrate * h
  end function integrate

  real(8) function bisect(g, lo, hi)
    real(8), external :: g
    real(8), intent(in) :: lo, hi
    real(8) :: a, b, m
    integer :: it
    a = lo
    b = hi
    do it = 1, 60
      m = 0.5d0 * (a + b)
      if (g(a) * g(m) <= 0) then
        b = m
      else
        a = m
      end if
    end do
    bisect = 0.5d0 * (a + b)
  end function bisect

  subroutine visit(action, n)
    external action
    integer, intent(in) :: n
    integer :: k
    do k = 1, n
      call action(k)
    end do
  end subroutine visit

  real(8) function average(f, a, b)
    real(8), external :: f
    real(8), intent(in) :: a, b
    average = integrate(f, a, b, 128) / (b - a)
  end function average

  real(8) function cube(x)
    real(8), intent(in) :: x
    cube = x ** 3
  end function cube
end module numeric_tools

real(8) function parabola(x)
  real(8), intent(in) :: x
  parabola = x * x - 2
end function parabola

program dummy_procedures
  use numeric_tools
  implicit none
  real(8), external :: parabola
  real(8) :: shift
  integer :: visits
  print '(F12.6)', integrate(cube, 0.0d0, 2.0d0, 64)
  print '(F12.6)', integrate(parabola, 0.0d0, 3.0d0, 30)
  print '(F14.10)', bisect(parabola, 0.0d0, 2.0d0)
  shift = 0.25d0
  print '(F12.6)', integrate(shifted, 0.0d0, 1.0d0, 8)
  shift = 1.0d0
  print '(F12.6)', average(shifted, 0.0d0, 1.0d0)
  visits = 0
  call visit(count_visit, 5)
  call visit(show, 3)
  print *, 'visits', visits
contains
  real(8) function shifted(x)
    real(8), intent(in) :: x
    shifted = x + shift
  end function shifted
  subroutine count_visit(k)
    integer, intent(in) :: k
    visits = visits + k
  end subroutine count_visit
  subroutine show(k)
    integer, intent(in) :: k
    print '(A,I2)', 'visit', k
  end subroutine show
end program dummy_procedures
