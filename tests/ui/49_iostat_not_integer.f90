program iostat_not_integer
  implicit none
  real :: ios
  integer :: x
  logical :: msg
  real, allocatable :: a(:)
  read(*, *, iostat=ios) x
  open(10, file='f.txt', iomsg=msg)
  allocate(a(3), stat=ios)
end program iostat_not_integer
