! Expected diagnostics: the loops of a routine use its level and those below, and a
! routine calls routines of its level or below.
subroutine v(a, n)
  !$acc routine vector
  integer, intent(in) :: n
  integer, intent(inout) :: a(n)
  integer :: i
  !$acc loop worker
  do i = 1, n
    a(i) = i
  end do
end subroutine v
subroutine w(a, n)
  !$acc routine worker
  integer, intent(in) :: n
  integer, intent(inout) :: a(n)
  integer :: i
  !$acc loop gang vector
  do i = 1, n
    a(i) = i
  end do
end subroutine w
subroutine s(a, n)
  !$acc routine seq
  integer, intent(in) :: n
  integer, intent(inout) :: a(n)
  integer :: i
  !$acc loop vector
  do i = 1, n
    a(i) = i
  end do
end subroutine s
subroutine w2(a, n)
  !$acc routine worker
  integer, intent(in) :: n
  integer, intent(inout) :: a(n)
  interface
    subroutine g(a, n)
      !$acc routine gang
      integer, intent(in) :: n
      integer, intent(inout) :: a(n)
    end subroutine g
  end interface
  call g(a, n)
end subroutine w2
