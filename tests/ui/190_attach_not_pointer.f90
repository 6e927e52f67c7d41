! `attach` and `detach` need a pointer or allocatable variable or structure member.
program attach_not_pointer
  implicit none
  type holder
    integer :: n
    real, pointer :: p(:) => null()
  end type
  type(holder) :: h
  real :: a(4)
  !$acc enter data copyin(h) attach(h%n)
  !$acc exit data detach(a)
  !$acc enter data attach(h%p)
end program
