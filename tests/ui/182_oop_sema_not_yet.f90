! A polymorphic local that is neither allocatable nor a pointer is an error (E0136); a
! polymorphic allocatable dummy, a final procedure and a `nopass` binding called through
! a polymorphic object are fine.
module m
  type :: t
    integer :: i
  contains
    final :: cleanup
    procedure, nopass :: hello
  end type
contains
  subroutine cleanup(x)
    type(t) :: x
  end subroutine
  subroutine hello()
    print *, 'hello'
  end subroutine
  subroutine s(a, b)
    class(t) :: a
    class(t), allocatable :: b
    class(t) :: c
    call a%hello()
  end subroutine
end module
