! `present(g%v)` when the member's data was never mapped: on a device with its own memory
! the run time stops with a message naming the clause, the line and the member; on the
! host device everything is present.
program member_present
  implicit none
  type field
    real(8), allocatable :: v(:)
  end type
  type(field) :: g
  integer :: i
  allocate(g%v(3))
  g%v = 1.0d0
  !$acc enter data copyin(g)
  !$acc parallel loop present(g%v)
  do i = 1, 3
    g%v(i) = 2.0d0
  end do
  print *, g%v
end program
