! flags: -fopenacc
! Wrong arguments of mvbits, get_command and the bitwise reductions; the real model's
! functions inside an `!$acc routine`.
program bit_sub_args
  implicit none
  integer :: i, v(3)
  integer(8) :: l
  real :: x
  character(10) :: c
  call mvbits(1.0, 0, 2, i, 0)
  call mvbits(1, 0, 2, l, 0)
  call mvbits(v, 0, 2, i, 0)
  call mvbits(1, 0, 2, 3, 0)
  call mvbits(1, 0, 2)
  call get_command(i)
  call get_command(c, x)
  print *, iall([1.0, 2.0]), iany(v, mask=v), parity(v), iparity(v, 2)
  print *, f(x)
contains
  real function f(y)
    !$acc routine seq
    real, intent(in) :: y
    f = fraction(y) + bessel_y0(y)
  end function
end program
