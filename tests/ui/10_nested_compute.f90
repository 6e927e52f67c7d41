! Expected diagnostic: compute construct (parallel) nested inside another compute construct (parallel)
program ui10
  implicit none
  integer :: i
  real :: a(100)
  a = 0.0
  !$acc parallel copy(a)
  !$acc parallel
  !$acc loop
  do i = 1, 100
    a(i) = 1.0
  end do
  !$acc end parallel
  !$acc end parallel
  print *, a(1)
end program ui10
