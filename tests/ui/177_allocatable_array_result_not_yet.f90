! Allocatable function results other than deferred-length character scalars are not yet
! implemented (an allocatable array result here).
module m
  implicit none
contains
  function ramp(n) result(r)
    integer, intent(in) :: n
    integer, allocatable :: r(:)
    integer :: i
    r = [(i, i = 1, n)]
  end function
end module
