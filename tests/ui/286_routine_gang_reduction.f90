! Expected diagnostics: no `reduction` on an orphaned gang loop (OpenACC 3.3, 2.9.11),
! written or made by `auto` in a `routine gang`; one level per routine; no arguments on a
! routine's level.
subroutine total(a, n, s)
  !$acc routine gang
  integer, intent(in) :: n
  integer, intent(in) :: a(n)
  integer, intent(inout) :: s
  integer :: i
  !$acc loop gang reduction(+:s)
  do i = 1, n
    s = s + a(i)
  end do
  !$acc loop reduction(+:s)
  do i = 1, n
    s = s + a(i)
  end do
  !$acc loop worker reduction(+:s)
  do i = 1, n
    s = s + a(i)
  end do
end subroutine total
subroutine two(x)
  !$acc routine worker vector
  integer :: x
  x = 1
end subroutine two
subroutine sized(x)
  !$acc routine gang(4)
  integer :: x
  x = 1
end subroutine sized
