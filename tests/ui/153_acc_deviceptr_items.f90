! deviceptr takes dummy arrays (neither allocatable nor pointer); use_device takes arrays.
subroutine s(x, n)
  implicit none
  integer, intent(in) :: n
  integer :: x(n), y(n), i, k
  !$acc parallel loop deviceptr(x, y)
  do i = 1, n
    x(i) = y(i)
  end do
  !$acc host_data use_device(k)
  k = 1
  !$acc end host_data
end subroutine s
