! Pointer assignment inside a compute construct, and `null()` outside pointer contexts,
! are not implemented yet.
program pointer_in_compute
  implicit none
  integer, target :: a(10)
  integer, pointer :: p(:)
  integer :: i
  !$acc parallel loop
  do i = 1, 10
    p => a
  end do
  print *, null()
end program
