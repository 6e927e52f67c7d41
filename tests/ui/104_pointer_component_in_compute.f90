! An array pointer component inside a compute construct is not implemented yet.
program main
  implicit none
  type holder
    integer, pointer :: v(:) => null()
  end type
  type(holder) :: h
  integer, target :: a(8)
  integer :: i
  h%v => a
  !$acc parallel loop
  do i = 1, 8
    h%v(i) = i
  end do
  print *, a
end program
