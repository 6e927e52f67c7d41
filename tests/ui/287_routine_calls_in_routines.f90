! Expected diagnostics: inside a routine, the same rule as in a compute construct: a call
! of a leveled routine is checked against the routine's own loops around it, and a
! routine calls no routine of a higher level; a routine's body, device code, contains no
! compute construct.
module calls_mod
  implicit none
contains
  subroutine v(a, n)
    !$acc routine vector
    integer, intent(in) :: n
    integer, intent(inout) :: a(n)
    integer :: i
    !$acc loop vector
    do i = 1, n
      a(i) = i
    end do
  end subroutine v
  subroutine w(a, n)
    !$acc routine worker
    integer, intent(in) :: n
    integer, intent(inout) :: a(n)
    integer :: i
    !$acc loop worker
    do i = 1, n
      call v(a, n)
    end do
    !$acc loop vector
    do i = 1, n
      call v(a, n)
    end do
  end subroutine w
  subroutine g(a, n)
    !$acc routine gang
    integer, intent(in) :: n
    integer, intent(inout) :: a(n)
    integer :: i
    !$acc loop gang
    do i = 1, n
      call w(a, n)
    end do
    !$acc loop gang worker
    do i = 1, n
      call w(a, n)
    end do
  end subroutine g
  subroutine s(a, n)
    !$acc routine seq
    integer, intent(in) :: n
    integer, intent(inout) :: a(n)
    call v(a, n)
  end subroutine s
  subroutine launches(a, n)
    !$acc routine seq
    integer, intent(in) :: n
    integer, intent(inout) :: a(n)
    integer :: i
    !$acc parallel loop
    do i = 1, n
      a(i) = i
    end do
  end subroutine launches
end module calls_mod
