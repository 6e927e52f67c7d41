! storage_size and c_sizeof of scalars, arrays, characters and bind(c) structures (C's
! layout: each component at its alignment, the size a multiple of the largest).
program sizes
  use iso_c_binding
  implicit none
  type, bind(c) :: pt
    real(c_double) :: x, y
    integer(c_int) :: tag
  end type
  type, bind(c) :: mixed
    real(c_float) :: a
    real(c_double) :: b
    integer(c_int) :: c
    integer(c_int64_t) :: d
    logical(c_bool) :: e
  end type
  real(8) :: a(10)
  character(len=7) :: s, arr(3)
  type(pt) :: q
  type(mixed), target :: m
  integer(2) :: h
  complex :: z
  character(kind=c_char) :: cs(5)
  integer(c_int16_t) :: m2(3, 4)
  print *, storage_size(a), storage_size(1.0), storage_size(s), storage_size(arr)
  print *, storage_size(q), storage_size(h), storage_size(z), storage_size(.true.), storage_size(a, kind=8)
  print *, c_sizeof(q), c_sizeof(cs), c_sizeof(z), c_sizeof(a), c_sizeof(m2), c_sizeof(m)
end program
