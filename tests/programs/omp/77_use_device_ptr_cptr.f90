! flags: -fopenmp
! use_device_ptr on a type(c_ptr): inside target data its value is the device address of
! the mapped array it points to; a target region given it by is_device_ptr (a dummy argument) writes the
! device copy through it, which reaches the host when the data region ends. `q` is not
! mapped, so its value outside the construct stays the host address.
program use_device_ptr_cptr
  use iso_c_binding
  implicit none
  integer, parameter :: n = 10
  integer, target :: a(n)
  type(c_ptr) :: cp, q
  integer :: i
  logical :: same_after
  a = [(i * i, i = 1, n)]
  cp = c_loc(a)
  q = cp
  !$omp target data map(tofrom: a) use_device_ptr(cp)
  call add_index(cp)
  !$omp end target data
  same_after = c_associated(cp, q)
  print *, a
  print *, same_after
contains
  subroutine add_index(p)
    type(c_ptr) :: p
    integer, pointer :: x(:)
    integer :: j
    !$omp target is_device_ptr(p)
    call c_f_pointer(p, x, [n])
    do j = 1, n
      x(j) = x(j) + j
    end do
    !$omp end target
  end subroutine
end program
