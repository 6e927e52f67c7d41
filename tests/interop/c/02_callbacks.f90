! Function pointers across the boundary: C function pointers called from Fortran through
! c_f_procpointer, Fortran procedures passed to C as c_funptr values, and C calling
! bind(c) Fortran procedures with arrays, strings and by-value arguments.
module callbacks
  use iso_c_binding
  implicit none
  abstract interface
    real(c_double) function unary(x) bind(c)
      import :: c_double
      real(c_double), value :: x
    end function
  end interface
  interface
    type(c_funptr) function c_pick(which) bind(c)
      import :: c_funptr, c_int
      integer(c_int), value :: which
    end function
    integer(c_int64_t) function c_drive() bind(c)
      import :: c_int64_t
    end function
    subroutine c_transform(x, n, f) bind(c)
      import :: c_double, c_int, c_funptr
      real(c_double) :: x(*)
      integer(c_int), value :: n
      type(c_funptr), value :: f
    end subroutine
  end interface
contains
  subroutine accumulate(v, n, total) bind(c, name="f_accumulate")
    integer(c_int), value :: n
    integer(c_int), intent(in) :: v(n)
    integer(c_int64_t), intent(inout) :: total
    total = total + sum(v) * 10
  end subroutine
  integer(c_int) function count_char(s, n, c) bind(c, name="f_count_char")
    integer(c_int), value :: n
    character(kind=c_char), intent(in) :: s(n)
    character(kind=c_char), value :: c
    integer :: i
    count_char = 0
    do i = 1, n
      if (s(i) == c) count_char = count_char + 1
    end do
  end function
  real(c_double) function eval(f, x) bind(c, name="f_eval")
    type(c_funptr), value :: f
    real(c_double), value :: x
    procedure(unary), pointer :: g
    call c_f_procpointer(f, g)
    eval = 3 * g(x)
  end function
  real(c_double) function square(x) bind(c)
    real(c_double), value :: x
    square = x * x
  end function
end module

program main
  use callbacks
  implicit none
  procedure(unary), pointer :: h
  real(c_double) :: x(4)
  type(c_funptr) :: fp
  fp = c_pick(0)
  call c_f_procpointer(fp, h)
  print *, h(9d0), c_associated(fp), c_associated(fp, c_pick(1))
  call c_f_procpointer(c_pick(1), h)
  print *, h(2.5d0)
  print *, c_drive()
  x = [1d0, -2d0, 3d0, 0.5d0]
  call c_transform(x, 4, c_funloc(square))
  print *, x
  call c_transform(x, 4, c_pick(0))
  print *, x
end program
