! `select type` guards must name extensions of the selector's declared type; the
! selector must be polymorphic.
module m
  type :: a
    integer :: i
  end type
  type, extends(a) :: b
  end type
  type :: other
    integer :: j
  end type
contains
  subroutine s(x, y)
    class(a) :: x
    type(a) :: y
    select type (x)
    type is (other)
      print *, 'never'
    class default
      print *, 'default'
    class default
      print *, 'again'
    end select
    select type (y)
    type is (b)
      print *, 'b'
    end select
  end subroutine
end module
