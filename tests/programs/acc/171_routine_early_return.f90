! Early returns from routines: every thread of the routine leaves together (a return
! taken by the leader alone would leave the others waiting at the next barrier).
module early_mod
  implicit none
contains
  subroutine wfill(a, n, k)
    !$acc routine worker
    integer, intent(in) :: n, k
    integer, intent(inout) :: a(n, *)
    integer :: i
    if (k > 3) return
    !$acc loop worker vector
    do i = 1, n
      a(i, k) = i + k
    end do
  end subroutine wfill
  subroutine vfill(a, n, k)
    !$acc routine vector
    integer, intent(in) :: n, k
    integer, intent(inout) :: a(n, *)
    integer :: i
    if (mod(k, 2) == 0) then
      !$acc loop vector
      do i = 1, n
        a(i, k) = -i
      end do
      return
    end if
    !$acc loop vector
    do i = 1, n
      a(i, k) = a(i, k) + 1000
    end do
  end subroutine vfill
  subroutine gfill(a, n, m, flag)
    !$acc routine gang
    integer, intent(in) :: n, m, flag
    integer, intent(inout) :: a(n, m)
    integer :: k
    if (flag == 0) return
    !$acc loop gang
    do k = 1, m
      call vfill(a, n, k)
    end do
  end subroutine gfill
end module early_mod

program routine_early_return
  use early_mod
  implicit none
  integer :: a(50, 5), k
  a = 0
  !$acc parallel loop gang copy(a)
  do k = 1, 5
    call wfill(a, 50, k)
  end do
  print *, sum(a), a(50, 3)
  !$acc parallel copy(a) num_workers(2)
  call gfill(a, 50, 5, 0)
  call gfill(a, 50, 5, 1)
  !$acc end parallel
  print *, sum(a), a(50, 1), a(50, 2), a(50, 5)
end program routine_early_return
