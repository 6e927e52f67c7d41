! Fortran and C calling each other: values and references, arrays, C strings, bind(c)
! structures, callbacks through c_funloc, C-allocated memory through c_f_pointer.
module calls_c
  use iso_c_binding
  implicit none
  type, bind(c) :: item
    integer(c_int) :: id
    real(c_double) :: weight
    integer(c_int64_t) :: count
  end type
  interface
    integer(c_int) function c_add(a, b) bind(c)
      import :: c_int
      integer(c_int), value :: a, b
    end function
    real(c_double) function c_dot(x, y, n) bind(c)
      import :: c_double, c_int
      real(c_double), intent(in) :: x(*), y(*)
      integer(c_int), value :: n
    end function
    subroutine c_scale(x, n, f) bind(c)
      import :: c_double, c_int
      real(c_double) :: x(n)
      integer(c_int), value :: n
      real(c_double), value :: f
    end subroutine
    integer(c_long) function c_strsum(s) bind(c)
      import :: c_long, c_char
      character(kind=c_char), dimension(*), intent(in) :: s
    end function
    subroutine c_fill(buf, n) bind(c)
      import :: c_char, c_int
      character(kind=c_char) :: buf(*)
      integer(c_int), value :: n
    end subroutine
    real(c_double) function c_items(it, n) bind(c)
      import :: item, c_int, c_double
      type(item) :: it(*)
      integer(c_int), value :: n
    end function
    integer(c_int) function c_apply(f, x) bind(c)
      import :: c_int, c_funptr
      type(c_funptr), value :: f
      integer(c_int), value :: x
    end function
    integer(c_int) function c_twice_square(x) bind(c)
      import :: c_int
      integer(c_int), value :: x
    end function
    type(c_ptr) function c_squares(n) bind(c)
      import :: c_ptr, c_int
      integer(c_int), value :: n
    end function
    integer(c_int) function c_sum_ints(p, n) bind(c)
      import :: c_ptr, c_int
      type(c_ptr), value :: p
      integer(c_int), value :: n
    end function
    subroutine c_release(p) bind(c)
      import :: c_ptr
      type(c_ptr), value :: p
    end subroutine
    type(c_ptr) function c_same(p) bind(c)
      import :: c_ptr
      type(c_ptr), value :: p
    end function
  end interface
contains
  integer(c_int) function f_square(x) bind(c)
    integer(c_int), value :: x
    f_square = x * x
  end function
  subroutine record(acc, add) bind(c, name="f_record")
    integer(c_int), intent(inout) :: acc
    integer(c_int), value :: add
    acc = acc + add
  end subroutine
end module

program calls
  use calls_c
  implicit none
  real(c_double), target :: x(4), y(4)
  character(kind=c_char, len=12) :: buf
  type(item) :: its(3)
  type(c_ptr) :: p, q
  integer(c_int), pointer :: sq(:)
  integer(c_int), target :: t
  integer :: i
  x = [1d0, 2d0, 3d0, 4d0]
  y = [0.5d0, 0.25d0, 2d0, 1d0]
  print *, c_add(40, 2), c_add(-3_c_int, int(7, c_int))
  print *, c_dot(x, y, 4)
  call c_scale(x, 4, 2d0)
  print *, x
  print *, c_strsum("ABC" // c_null_char)
  call c_fill(buf, len(buf))
  print *, '[', buf, ']'
  do i = 1, 3
    its(i) = item(i, 0.5d0 * i, int(i, c_int64_t))
  end do
  print *, c_items(its, 3), its%count
  print *, c_apply(c_funloc(f_square), 9), c_twice_square(5)
  p = c_squares(6)
  print *, c_associated(p), c_associated(c_null_ptr), c_sum_ints(p, 6)
  call c_f_pointer(p, sq, [6])
  print *, size(sq), lbound(sq), sq
  sq(6) = -1
  print *, c_sum_ints(p, 6)
  q = c_same(p)
  print *, c_associated(p, q), c_associated(p, c_loc(t))
  call c_release(p)
  p = c_null_ptr
  print *, c_associated(p)
  print *, c_sizeof(t), c_sizeof(x), c_sizeof(its(1))
end program
