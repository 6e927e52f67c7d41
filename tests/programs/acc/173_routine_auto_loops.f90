! Loops without a level around calls of leveled routines take only the levels the routine
! leaves free (a worker routine in a parallel or kernels loop: gang), and a routine's own
! loop without a level takes the routine's levels.
module auto_calls_mod
  implicit none
contains
  subroutine wrow(a, n, k)
    !$acc routine worker
    integer, intent(in) :: n, k
    integer, intent(inout) :: a(n, *)
    integer :: i
    !$acc loop
    do i = 1, n
      a(i, k) = a(i, k) + i * k
    end do
  end subroutine wrow
end module auto_calls_mod
program routine_auto_loops
  use auto_calls_mod
  implicit none
  integer :: a(64, 9), k
  a = 1
  !$acc parallel copy(a)
  !$acc loop
  do k = 1, 9
    call wrow(a, 64, k)
  end do
  !$acc end parallel
  print *, sum(a), a(64, 9)
  !$acc kernels copy(a)
  !$acc loop independent
  do k = 1, 9
    call wrow(a, 64, k)
  end do
  !$acc end kernels
  print *, sum(a), a(64, 9)
end program routine_auto_loops
