! An external routine vector, compiled on its own; its callers declare it in an interface
! block with `!$acc routine vector`.
subroutine add_row(a, n, m, i, v)
  !$acc routine vector
  integer, intent(in) :: n, m, i, v
  integer, intent(inout) :: a(n, m)
  integer :: j
  !$acc loop vector
  do j = 1, m
    a(i, j) = a(i, j) + v
  end do
end subroutine add_row
