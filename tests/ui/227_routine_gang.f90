! Expected diagnostic: a private array on a gang loop of a `routine gang` is not
! implemented yet (its per-gang copies would live in the launch's scratch memory); the
! routine itself and a `routine worker` with an array assignment are.
subroutine fill(a, n)
  !$acc routine gang
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  real :: w(4)
  integer :: i
  !$acc loop gang private(w)
  do i = 1, n
    w = real(i)
    a(i) = w(2)
  end do
end subroutine fill
subroutine fill_rows(a, n)
  !$acc routine worker
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  a = 1.0
end subroutine fill_rows
