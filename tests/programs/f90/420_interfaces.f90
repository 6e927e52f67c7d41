! Explicit interface blocks for external procedures: functions and subroutines declared in
! an interface in the main program and in a module, called with keywords (possible only
! with an interface) and with optional arguments; external procedures calling each other
! through interfaces; a generic-free dispatch by an integer code.
module ext_api
  implicit none
  interface
    real(8) function trap(f_id, a, b, n)
      integer, intent(in) :: f_id, n
      real(8), intent(in) :: a, b
    end function trap
    real(8) function fval(f_id, x)
      integer, intent(in) :: f_id
      real(8), intent(in) :: x
    end function fval
  end interface
end module ext_api

program interfaces
  use ext_api
  implicit none
  interface
    subroutine axpy(n, alpha, x, y, stride)
      integer, intent(in) :: n
      real(8), intent(in) :: alpha, x(n)
      real(8), intent(inout) :: y(n)
      integer, intent(in), optional :: stride
    end subroutine axpy
    integer function ipow(base, e)
      integer, intent(in) :: base, e
    end function ipow
  end interface
  real(8) :: x(6), y(6)
  integer :: i
  x = [(real(i, 8), i = 1, 6)]
  y = 1
  call axpy(6, 0.5d0, x, y)
  print '(6F7.2)', y
  call axpy(alpha=2.0d0, n=6, y=y, x=x, stride=2)
  print '(6F7.2)', y
  print '(A,I8)', '3**7 =', ipow(3, 7)
  print '(A,I8)', '2**20 =', ipow(e=20, base=2)
  print '(A,F10.4)', 'trap x   on [0,4]:', trap(1, 0.0d0, 4.0d0, 8)
  print '(A,F10.4)', 'trap x^2 on [0,1]:', trap(2, 0.0d0, 1.0d0, 4)
  print '(A,F10.4)', 'trap |x| on [-2,2]:', trap(b=2.0d0, a=-2.0d0, n=4, f_id=3)
  print '(A,F10.4)', 'f(3, -1.5) =', fval(3, -1.5d0)
end program interfaces

subroutine axpy(n, alpha, x, y, stride)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: alpha, x(n)
  real(8), intent(inout) :: y(n)
  integer, intent(in), optional :: stride
  integer :: i, s
  s = 1
  if (present(stride)) s = stride
  do i = 1, n, s
    y(i) = y(i) + alpha * x(i)
  end do
end subroutine axpy

integer function ipow(base, e)
  implicit none
  integer, intent(in) :: base, e
  integer :: b, k
  ipow = 1
  b = base
  k = e
  do while (k > 0)
    if (mod(k, 2) == 1) ipow = ipow * b
    b = b * b
    k = k / 2
  end do
end function ipow

real(8) function fval(f_id, x)
  implicit none
  integer, intent(in) :: f_id
  real(8), intent(in) :: x
  select case (f_id)
  case (1)
    fval = x
  case (2)
    fval = x * x
  case default
    fval = abs(x)
  end select
end function fval

real(8) function trap(f_id, a, b, n)
  use ext_api, only: fval
  implicit none
  integer, intent(in) :: f_id, n
  real(8), intent(in) :: a, b
  real(8) :: h
  integer :: i
  h = (b - a) / n
  trap = (fval(f_id, a) + fval(f_id, b)) / 2
  do i = 1, n - 1
    trap = trap + fval(f_id, a + i * h)
  end do
  trap = trap * h
end function trap
