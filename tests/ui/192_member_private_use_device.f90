! Structure members in `private`, `firstprivate` and `use_device` are not implemented yet
! (data clauses take them).
program member_private_use_device
  implicit none
  type holder
    integer :: n
    real, allocatable :: v(:)
  end type
  type(holder) :: h
  integer :: i
  allocate(h%v(4))
  !$acc data copy(h%v)
  !$acc host_data use_device(h%v)
  !$acc end host_data
  !$acc end data
  !$acc parallel loop private(h%n) firstprivate(h%v)
  do i = 1, 4
  end do
end program
