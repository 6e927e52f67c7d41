! C library functions through iso_c_binding: qsort with a Fortran comparator passed by
! c_funloc, memcpy/memset on c_loc addresses, getenv returning a C pointer, malloc'd
! memory seen through c_f_pointer (scalar and rank-2), c_associated, c_sizeof.
module clib
  use iso_c_binding
  implicit none
  interface
    subroutine qsort(base, n, size, compar) bind(c)
      import :: c_ptr, c_size_t, c_funptr
      type(c_ptr), value :: base
      integer(c_size_t), value :: n, size
      type(c_funptr), value :: compar
    end subroutine
    type(c_ptr) function memcpy(dst, src, n) bind(c)
      import :: c_ptr, c_size_t
      type(c_ptr), value :: dst, src
      integer(c_size_t), value :: n
    end function
    type(c_ptr) function memset(dst, c, n) bind(c)
      import :: c_ptr, c_int, c_size_t
      type(c_ptr), value :: dst
      integer(c_int), value :: c
      integer(c_size_t), value :: n
    end function
    type(c_ptr) function getenv(name) bind(c)
      import :: c_ptr, c_char
      character(kind=c_char), dimension(*) :: name
    end function
    integer(c_size_t) function strlen(s) bind(c)
      import :: c_ptr, c_size_t
      type(c_ptr), value :: s
    end function
    type(c_ptr) function malloc(n) bind(c)
      import :: c_ptr, c_size_t
      integer(c_size_t), value :: n
    end function
    subroutine free(p) bind(c)
      import :: c_ptr
      type(c_ptr), value :: p
    end subroutine
  end interface
contains
  ! qsort's comparator: C passes the two elements' addresses.
  integer(c_int) function cmp_desc(a, b) bind(c)
    integer(c_int), intent(in) :: a, b
    cmp_desc = 0
    if (a < b) cmp_desc = 1
    if (a > b) cmp_desc = -1
  end function
  integer(c_int) function cmp_abs(pa, pb) bind(c)
    type(c_ptr), value :: pa, pb
    real(c_double), pointer :: a, b
    call c_f_pointer(pa, a)
    call c_f_pointer(pb, b)
    cmp_abs = 0
    if (abs(a) < abs(b)) cmp_abs = -1
    if (abs(a) > abs(b)) cmp_abs = 1
  end function
end module

program p
  use clib
  implicit none
  integer(c_int), target :: v(8), w(8)
  real(c_double), target :: r(5)
  type(c_ptr) :: e, m, dummy
  type(c_funptr) :: fp
  integer(c_int), pointer :: one
  real(c_double), pointer :: grid(:,:)
  integer :: i, j
  v = [5, -2, 9, 0, 7, 7, -8, 3]
  call qsort(c_loc(v), 8_c_size_t, c_sizeof(v(1)), c_funloc(cmp_desc))
  print *, v
  r = [3d0, -1d0, 0.5d0, -4d0, 2d0]
  fp = c_funloc(cmp_abs)
  call qsort(c_loc(r(1)), int(size(r), c_size_t), c_sizeof(r(1)), fp)
  print *, r
  dummy = memset(c_loc(w), 0, c_sizeof(w))
  print *, w
  dummy = memcpy(c_loc(w(3)), c_loc(v), 4 * c_sizeof(v(1)))
  print *, w, c_associated(dummy, c_loc(w(3)))
  e = getenv("GPUF_TEST_SURELY_UNSET_VARIABLE" // c_null_char)
  print *, c_associated(e)
  e = getenv("PATH" // c_null_char)
  print *, c_associated(e), strlen(e) > 0
  m = malloc(48_c_size_t)
  call c_f_pointer(m, one)
  one = 42
  call c_f_pointer(m, grid, [3, 2])
  print *, shape(grid), lbound(grid, 1), ubound(grid, 2)
  do j = 1, 2
    do i = 1, 3
      grid(i, j) = 10 * i + j
    end do
  end do
  print *, grid
  print *, sum(grid(:, 2)), c_associated(m, c_loc(grid(1, 1)))
  call free(m)
end program
