! present, allocated, associated, c_loc, c_sizeof and achar of integer(16) arguments.
program p16
  use iso_c_binding, only: c_loc, c_sizeof, c_associated
  implicit none
  integer(16), allocatable :: a
  integer(16), pointer :: p
  integer(16), target :: t
  t = 65
  nullify(p)
  print *, allocated(a), associated(p), c_sizeof(t), c_associated(c_loc(t)), achar(t)
  allocate(a)
  p => t
  print *, allocated(a), associated(p), associated(p, t)
  call opt()
  call opt(t)
contains
  subroutine opt(x)
    integer(16), optional :: x
    print *, present(x)
  end subroutine
end program
