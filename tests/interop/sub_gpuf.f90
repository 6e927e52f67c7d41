! Interop test data: compiled by gpuf (with an OpenACC region), called from a gfortran-built main
subroutine scale_acc(n, f, x)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: f
  real(8), intent(inout) :: x(n)
  integer :: i
  !$acc parallel loop copy(x(1:n))
  do i = 1, n
    x(i) = f * x(i)
  end do
end subroutine scale_acc
integer function isum(n, k)
  implicit none
  integer, intent(in) :: n, k(n)
  integer :: i
  isum = 0
  do i = 1, n
    isum = isum + k(i)
  end do
end function isum
