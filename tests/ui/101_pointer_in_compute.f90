! Pointer assignment inside a compute construct to a scalar pointer, a module pointer or a
! dummy pointer, and `null()` outside pointer contexts, are not implemented yet.
module shared_ptrs
  implicit none
  integer, pointer :: mp(:) => null()
end module

subroutine retarget(dp, a)
  use shared_ptrs
  implicit none
  integer, pointer :: dp(:)
  integer, target :: a(10)
  integer, pointer :: s
  integer :: i
  !$acc parallel loop
  do i = 1, 10
    s => a(i)
    mp => a
    dp => a
  end do
  print *, null()
end subroutine
