! Intent on pointer dummies: intent(in) keeps the association but its target may change,
! intent(out) and intent(inout) pointers are associated anew by the callee; an
! intent(in) pointer dummy also takes a target (scalar, array or section).
module pointer_intents
  implicit none
  integer, target :: store(6) = [1, 2, 3, 4, 5, 6]
contains
  subroutine bump(p, v)
    integer, pointer, intent(in) :: p, v(:)
    p = p + 100
    v = v * 2
  end subroutine
  subroutine point_at(p, v, k)
    integer, pointer, intent(out) :: p, v(:)
    integer, intent(in) :: k
    p => store(k)
    v => store(k:)
  end subroutine
  subroutine shift(v)
    integer, pointer, intent(inout) :: v(:)
    if (size(v) > 1) v => v(2:)
  end subroutine
  integer function weigh(v)
    integer, pointer, intent(in) :: v(:)
    integer :: i
    weigh = 0
    do i = lbound(v, 1), ubound(v, 1)
      weigh = weigh + i * v(i)
    end do
  end function
  logical function same(p, q)
    integer, pointer, intent(in) :: p, q
    same = associated(p, q)
  end function
end module

program main
  use pointer_intents
  implicit none
  integer, pointer :: a, b(:), c
  call point_at(a, b, 3)
  print *, a, b
  call bump(a, b)
  print *, store
  call shift(b)
  call shift(b)
  print *, b, size(b)
  c => store(3)
  print *, same(a, c), same(a, b(1))
  ! Targets (not pointers) for intent(in) pointer dummies.
  print *, weigh(store), weigh(store(2:6:2)), weigh(b)
end program
