module m
  use iso_c_binding
  implicit none
contains
  subroutine s(a, b, c, p, q) bind(c, name="s_c")
    integer(c_int), value :: a(3)
    character(len=4), value :: b
    type(c_ptr), value :: c
    integer, pointer :: p(:)
    integer, pointer :: q
    call c_f_pointer(c, p)
    call c_f_pointer(c, q, [3])
    call c_f_pointer(a(1), q)
    print *, c_associated(a(1))
    print *, c_loc(3)
  end subroutine
end module
