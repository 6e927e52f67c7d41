! Tests: a parallel loop reduction into a function's result variable (result(s)), and a
! max reduction into a dummy argument named in a copy clause.
program function_result_reduction
  implicit none
  real(8) :: a(1000), total
  integer :: i, big
  do i = 1, 1000
    a(i) = real(i, 8)
  end do
  print *, total(a, 1000)
  big = 0
  call largest(a, 1000, big)
  print *, big
end program function_result_reduction

function total(a, n) result(s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a(n)
  real(8) :: s
  integer :: i
  s = 0
  !$acc parallel loop reduction(+:s) copyin(a)
  do i = 1, n
    s = s + a(i)
  end do
end function total

subroutine largest(a, n, m)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a(n)
  integer, intent(inout) :: m
  integer :: i
  !$acc parallel loop reduction(max:m) copyin(a) copy(m)
  do i = 1, n
    m = max(m, int(a(i)) / 3)
  end do
end subroutine largest
