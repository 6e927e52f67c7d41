! Built by gpuf, linked with cptr_gf.f90 built by gfortran: type(c_ptr) and type(c_funptr)
! values cross between the two compilers' objects, both ways.
module cptr_cb
  use iso_c_binding
  implicit none
contains
  real(c_double) function cube(y) bind(c)
    real(c_double), value :: y
    cube = y**3
  end function
end module

program cptr_main
  use iso_c_binding
  use cptr_cb
  implicit none
  interface
    type(c_ptr) function make_pool(n) bind(c)
      import :: c_ptr, c_int
      integer(c_int), value :: n
    end function
    real(c_double) function pool_sum(p, n) bind(c)
      import :: c_ptr, c_int, c_double
      type(c_ptr), value :: p
      integer(c_int), value :: n
    end function
    type(c_ptr) function cptr_counter() bind(c)
      import :: c_ptr
    end function
    integer(c_int) function bump(p) bind(c)
      import :: c_ptr, c_int
      type(c_ptr), intent(in) :: p
    end function
    subroutine call_back(f, x, r) bind(c)
      import :: c_funptr, c_double
      type(c_funptr), value :: f
      real(c_double), value :: x
      real(c_double), intent(out) :: r
    end subroutine
  end interface
  type(c_ptr) :: p, c
  real(c_double), pointer :: a(:)
  integer(c_int), pointer :: k
  real(c_double) :: r
  integer(c_int) :: i
  p = make_pool(8)
  call c_f_pointer(p, a, [8])
  print *, a
  a(8) = 100
  print *, pool_sum(p, 8), pool_sum(c_loc(a(5)), 4)
  c = cptr_counter()
  call c_f_pointer(c, k)
  k = 10
  do i = 1, 3
    print *, bump(c), k
  end do
  call call_back(c_funloc(cube), 1.5d0, r)
  print *, r
end program
