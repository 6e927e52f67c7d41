! Generic interface blocks whose bodies are external procedures, a generic name equal to
! one specific's name, generic functions in expressions, and a generic extended in a user.
subroutine swap_i(a, b)
  integer, intent(inout) :: a, b
  integer :: t
  t = a; a = b; b = t
end subroutine
subroutine swap_r(a, b)
  real, intent(inout) :: a, b
  real :: t
  t = a; a = b; b = t
end subroutine
integer function twice_i(x)
  integer, intent(in) :: x
  twice_i = 2 * x
end function
real(8) function twice_d(x)
  real(8), intent(in) :: x
  twice_d = 2.0d0 * x
end function

module norms
  implicit none
  interface norm
    module procedure norm, norm2d
  end interface
  interface scale
    module procedure scale_r
  end interface
contains
  real function norm(v)
    real, intent(in) :: v(:)
    norm = sqrt(sum(v * v))
  end function
  real function norm2d(m)
    real, intent(in) :: m(:, :)
    norm2d = maxval(abs(m))
  end function
  subroutine scale_r(v, f)
    real, intent(inout) :: v(:)
    real, intent(in) :: f
    v = v * f
  end subroutine
end module

module norms_ext
  use norms
  implicit none
  interface scale
    module procedure scale_i
  end interface
contains
  subroutine scale_i(v, f)
    integer, intent(inout) :: v(:)
    integer, intent(in) :: f
    v = v * f
  end subroutine
end module

program main
  use norms_ext
  implicit none
  interface swap
    subroutine swap_i(a, b)
      integer, intent(inout) :: a, b
    end subroutine
    subroutine swap_r(a, b)
      real, intent(inout) :: a, b
    end subroutine
  end interface
  interface twice
    integer function twice_i(x)
      integer, intent(in) :: x
    end function
    real(8) function twice_d(x)
      real(8), intent(in) :: x
    end function
  end interface twice
  integer :: i, j, k
  real :: x, y
  real :: v(3), m(2, 2)
  integer :: iv(3)
  i = 3; j = -4
  call swap(i, j)
  x = 0.25; y = 8.0
  call swap(x, y)
  print *, i, j, x, y
  do k = 1, 3
    print *, twice(k), twice(real(k, 8) / 4.0d0)
  end do
  print *, twice(twice(5)) + 1
  v = [3.0, 4.0, 12.0]
  m = reshape([1.0, -7.5, 2.0, 3.0], [2, 2])
  print *, norm(v), norm(m), norm(v(1:2))
  call scale(v, 0.5)
  iv = [1, -2, 3]
  call scale(iv, 3)
  print *, v, iv
end program main
