! type(c_funptr): c_funloc of bind(c) procedures, c_null_funptr, c_associated with one and
! two arguments, c_f_procpointer back to procedure pointers (also through a derived-type
! component and a dummy), and the C library's qsort and bsearch calling Fortran
! comparators through the addresses.
module callbacks
  use iso_c_binding
  implicit none
  abstract interface
    integer(c_int) function compare(a, b) bind(c)
      import :: c_int
      integer(c_int), intent(in) :: a, b
    end function
    real(c_double) function unary(x) bind(c)
      import :: c_double
      real(c_double), value :: x
    end function
  end interface
  type, bind(c) :: handler
    type(c_funptr) :: fn
    integer(c_int) :: calls
  end type
  integer :: ncompare = 0
contains
  integer(c_int) function ascending(a, b) bind(c)
    integer(c_int), intent(in) :: a, b
    ncompare = ncompare + 1
    ascending = merge(-1, merge(1, 0, a > b), a < b)
  end function
  integer(c_int) function descending(a, b) bind(c)
    integer(c_int), intent(in) :: a, b
    descending = -ascending(a, b)
  end function
  real(c_double) function twice(x) bind(c)
    real(c_double), value :: x
    twice = 2 * x
  end function
  real(c_double) function square(x) bind(c)
    real(c_double), value :: x
    square = x * x
  end function
  real(c_double) function apply(h, x)
    type(handler), intent(inout) :: h
    real(c_double), intent(in) :: x
    procedure(unary), pointer :: f
    call c_f_procpointer(h%fn, f)
    h%calls = h%calls + 1
    apply = f(x)
  end function
  subroutine sort_with(fp, v)
    type(c_funptr), intent(in) :: fp
    integer(c_int), target, intent(inout) :: v(:)
    interface
      subroutine qsort(base, n, size, cmp) bind(c, name='qsort')
        import :: c_ptr, c_size_t, c_funptr
        type(c_ptr), value :: base
        integer(c_size_t), value :: n, size
        type(c_funptr), value :: cmp
      end subroutine
    end interface
    call qsort(c_loc(v(1)), int(size(v), c_size_t), c_sizeof(v(1)), fp)
  end subroutine
end module

program funptrs
  use callbacks
  implicit none
  interface
    type(c_ptr) function bsearch(key, base, n, size, cmp) bind(c, name='bsearch')
      import :: c_ptr, c_size_t, c_funptr
      type(c_ptr), value :: key, base
      integer(c_size_t), value :: n, size
      type(c_funptr), value :: cmp
    end function
  end interface
  type(c_funptr) :: fa, fd, none
  type(handler) :: h
  procedure(compare), pointer :: cmp => null()
  integer(c_int), target :: v(8) = [5, -3, 12, 0, 7, 7, -20, 4], key
  integer(c_int), pointer :: hit
  type(c_ptr) :: found
  none = c_null_funptr
  fa = c_funloc(ascending)
  fd = c_funloc(descending)
  print *, c_associated(none), c_associated(fa), c_associated(fa, fd), c_associated(fa, c_funloc(ascending))
  print *, c_associated(none, c_null_funptr), c_associated(fa, none)
  call c_f_procpointer(fd, cmp)
  print *, associated(cmp), cmp(1, 2), cmp(2, 1), cmp(3, 3)
  call sort_with(fa, v)
  print *, v
  print *, 'comparisons counted:', ncompare > 0
  key = 7
  found = bsearch(c_loc(key), c_loc(v), 8_c_size_t, 4_c_size_t, fa)
  call c_f_pointer(found, hit)
  print *, c_associated(found), hit
  key = 8
  found = bsearch(c_loc(key), c_loc(v), 8_c_size_t, 4_c_size_t, fa)
  print *, c_associated(found)
  call sort_with(fd, v)
  print *, v
  h = handler(c_funloc(twice), 0)
  print *, apply(h, 1.5d0), apply(h, -4d0), h%calls
  h%fn = c_funloc(square)
  print *, apply(h, 3d0), h%calls, c_associated(h%fn, c_funloc(square))
end program
