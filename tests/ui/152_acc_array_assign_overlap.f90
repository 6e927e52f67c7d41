! An array assignment inside a compute construct whose right side reads the left side
! other than element by element needs a temporary; in device code only one of constant
! size is supported.
subroutine shift(d, n)
  implicit none
  integer, intent(in) :: n
  integer, intent(inout) :: d(n)
  integer, allocatable :: e(:)
  allocate(e(n))
  e = 1
  !$acc parallel num_gangs(1) copy(d, e)
  d(2:n) = d(1:n-1)
  e = e - e(1)
  e = e + 1
  !$acc end parallel
end subroutine shift
