! What stays unsupported of polymorphic arrays, each a located E0900: a character array
! as the target of a `class(*)` array pointer, a polymorphic array in a compute construct
! (an implied-do constructor of characters as the `source=` of a `class(*)` array now
! compiles).
module m
  implicit none
  type :: t
    integer :: i = 0
  end type
contains
  subroutine fixed(x, n)
    integer, intent(in) :: n
    class(t), intent(in) :: x(n, n)
    print *, x(1, 1)%i
  end subroutine
  subroutine uses(a, g)
    class(t), intent(inout) :: a(:)
    character(3), target, intent(in) :: g(4)
    class(*), allocatable :: s(:)
    class(*), pointer :: p(:)
    integer :: i
    allocate(s, source=[('xy', i = 1, 3)])
    p => g
    !$acc parallel loop
    do i = 1, 2
      a(i)%i = i
    end do
  end subroutine
end module
