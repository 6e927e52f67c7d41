! `!$acc routine ... bind("symbol")`: device code calls the procedure of that link name in
! place of the routine; here a `bind(c)` function of this file (`dev_square`) and an
! external Fortran function by its symbol (`cube_`), both routines themselves (gfortran
! 12 does not accept `bind` on `routine`: "Failed to match clause"). The values, worked
! out by hand: `twice(i)` is 2*i on the host and i*i on the device, `thrice(i)` 3*i on the
! host and i**3 on the device; for i = 1..6 the kernel gives 1 4 9 16 25 36 and
! 1 8 27 64 125 216, the host 2 4 6 8 10 12 and 3 6 9 12 15 18.
module bind_str_m
  use iso_c_binding, only: c_int
  implicit none
contains
  integer(c_int) function twice(x)
    !$acc routine seq bind("dev_square")
    integer(c_int), value :: x
    twice = 2 * x
  end function

  integer(c_int) function dev_square(x) bind(c, name="dev_square")
    !$acc routine seq
    integer(c_int), value :: x
    dev_square = x * x
  end function

  integer function thrice(x)
    !$acc routine seq bind("cube_")
    integer, intent(in) :: x
    thrice = 3 * x
  end function
end module

integer function cube(x)
  !$acc routine seq
  integer, intent(in) :: x
  cube = x * x * x
end function

program routine_bind_string
  use bind_str_m
  implicit none
  integer :: a(6), b(6), i
  !$acc parallel loop copyout(a, b)
  do i = 1, 6
    a(i) = twice(i)
    b(i) = thrice(i)
  end do
  print '(6i5)', a
  print '(6i5)', b
  print '(6i5)', (twice(i), i = 1, 6)
  print '(6i5)', (thrice(i), i = 1, 6)
end program
