! Errors in type-bound procedures, and dispatch inside a compute construct.
module m
  type, abstract :: base
  contains
    procedure(get_if), deferred :: get
  end type
  abstract interface
    integer function get_if(self)
      import :: base
      class(base), intent(in) :: self
    end function
  end interface
  type, extends(base) :: leaf
    integer :: v
  contains
    procedure :: get => leaf_get
  end type
contains
  integer function leaf_get(self)
    !$acc routine seq
    class(leaf), intent(in) :: self
    leaf_get = self%v
  end function
  subroutine use_it(b, n)
    class(base) :: b
    integer :: n, i, k
    !$acc parallel loop copyout(k)
    do i = 1, n
      k = b%get()
    end do
  end subroutine
end module
