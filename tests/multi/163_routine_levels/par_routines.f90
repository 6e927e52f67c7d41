! Routines with partitioned loops in a module compiled on its own: the module file
! carries each routine's level, the objects their device code.
module par_routines
  implicit none
contains
  subroutine scale_row(a, n, m, i, f)
    !$acc routine vector
    integer, intent(in) :: n, m, i, f
    integer, intent(inout) :: a(n, m)
    integer :: j
    !$acc loop vector
    do j = 1, m
      a(i, j) = a(i, j) * f + j
    end do
  end subroutine scale_row
  subroutine scale_rows(a, n, m, f)
    !$acc routine worker
    integer, intent(in) :: n, m, f
    integer, intent(inout) :: a(n, m)
    integer :: i
    !$acc loop worker
    do i = 1, n
      call scale_row(a, n, m, i, f)
    end do
  end subroutine scale_rows
  subroutine fill(a, n, m)
    !$acc routine gang
    integer, intent(in) :: n, m
    integer, intent(out) :: a(n, m)
    integer :: i, j
    !$acc loop gang
    do j = 1, m
      !$acc loop worker vector
      do i = 1, n
        a(i, j) = i - 2 * j
      end do
    end do
  end subroutine fill
end module par_routines
