module m
  use iso_c_binding
  implicit none
  real(c_double), bind(c) :: table(4)
  integer(c_int), bind(c, name="shared_count") :: n
contains
  subroutine s(z) bind(c)
    complex(c_double_complex), value :: z
    integer, bind(c) :: local
    print *, n
  end subroutine
end module
