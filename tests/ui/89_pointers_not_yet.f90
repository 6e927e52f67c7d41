! Pointers are not implemented yet: each use is a located "not yet implemented".
program pointers_not_yet
  implicit none
  real, target :: a(10)
  real, pointer :: p(:)
  integer :: i
  pointer :: q
  target :: i
  procedure(real), pointer :: fp => null()
  p => a(2:10:2)
  p(1:) => a
  nullify(p)
end program
