! Expected diagnostic: `!$acc routine gang` (a routine with gang loops, called from
! gang-redundant code) is not implemented yet; `routine seq` is.
subroutine fill(a, n)
  !$acc routine gang
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  integer :: i
  !$acc loop gang
  do i = 1, n
    a(i) = 0.0
  end do
end subroutine fill
subroutine fill_rows(a, n)
  !$acc routine worker
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  a = 1.0
end subroutine fill_rows
