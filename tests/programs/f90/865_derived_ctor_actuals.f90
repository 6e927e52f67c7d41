! Constructors of structures (also of types smaller than an address) and sections passed to
! assumed-shape dummies of derived type: the elements' bytes in a temporary.
module m6
  type :: base
    integer :: i = 0
    real(8) :: r = 1
  end type
contains
  subroutine show(x)
    type(base), intent(in) :: x(:)
    print *, size(x), x%i, x%r
  end subroutine
end module
program p6
  use m6
  type(base) :: b(3)
  b%i = [1,2,3]
  call show([base(1, 2d0), base(3, 4d0)])
  call show(b(3:1:-1))
  call show([b, b(1)])
end program
