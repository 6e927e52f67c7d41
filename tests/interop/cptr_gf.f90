! Compiled by gfortran: bind(c) procedures that hand out and take back C pointers to
! Fortran data (cptr_main.f90, built by gpuf, calls them).
module cptr_store
  use iso_c_binding
  implicit none
  real(c_double), allocatable, target, save :: pool(:)
  integer(c_int), target, save :: counter = 0
contains
  type(c_ptr) function make_pool(n) bind(c)
    integer(c_int), value :: n
    integer :: i
    allocate(pool(n))
    pool = [(real(i, c_double) / 4, i = 1, n)]
    make_pool = c_loc(pool)
  end function
  real(c_double) function pool_sum(p, n) bind(c)
    type(c_ptr), value :: p
    integer(c_int), value :: n
    real(c_double), pointer :: a(:)
    call c_f_pointer(p, a, [n])
    pool_sum = sum(a)
  end function
  type(c_ptr) function counter_addr() bind(c, name="cptr_counter")
    counter_addr = c_loc(counter)
  end function
  integer(c_int) function bump(p) bind(c)
    type(c_ptr), intent(in) :: p
    integer(c_int), pointer :: c
    call c_f_pointer(p, c)
    c = c + 1
    bump = c
  end function
  subroutine call_back(f, x, r) bind(c)
    type(c_funptr), value :: f
    real(c_double), value :: x
    real(c_double), intent(out) :: r
    abstract interface
      real(c_double) function fn(y) bind(c)
        import :: c_double
        real(c_double), value :: y
      end function
    end interface
    procedure(fn), pointer :: g
    call c_f_procpointer(f, g)
    r = g(x) + g(2 * x)
  end subroutine
end module
