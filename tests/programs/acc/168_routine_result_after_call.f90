! A vector routine's result in a private scalar of the gang loop that calls it, read by
! the vector loop after the call (every lane sees the value the routine computed).
module rsm_mod
  implicit none
contains
  subroutine vsum(a, n, k, s)
    !$acc routine vector
    integer, intent(in) :: n, k
    integer, intent(in) :: a(n, *)
    integer, intent(out) :: s
    integer :: i
    s = 0
    !$acc loop vector reduction(+:s)
    do i = 1, n
      s = s + a(i, k)
    end do
  end subroutine vsum
end module rsm_mod
program routine_result_after_call
  use rsm_mod
  implicit none
  integer :: a(40, 6), b(40, 6), i, k, s
  do k = 1, 6
    do i = 1, 40
      a(i, k) = i * k
    end do
  end do
  !$acc parallel loop gang private(s) copyin(a) copyout(b)
  do k = 1, 6
    call vsum(a, 40, k, s)
    !$acc loop vector
    do i = 1, 40
      b(i, k) = a(i, k) * 40 - s
    end do
  end do
  print *, sum(b), b(1, 1), b(40, 6)
end program routine_result_after_call
