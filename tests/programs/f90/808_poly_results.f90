! Functions with polymorphic allocatable results (gfortran returns the class container
! by value): assigned to polymorphic variables and components, passed to `class` dummies,
! used as `source=`, returned from type-bound procedures, the temporaries freed.
module factory
  implicit none
  type :: shape
    integer :: id = 0
  contains
    procedure :: clone
    procedure :: show
  end type
  type, extends(shape) :: circle
    real :: r = 1.0
    integer, allocatable :: marks(:)
  end type
  type :: box
    class(shape), allocatable :: content
  end type
contains
  function make(k) result(s)
    integer, intent(in) :: k
    class(shape), allocatable :: s
    if (k == 1) then
      allocate(circle :: s)
      select type (s)
      type is (circle)
        s%r = 2.5
        s%marks = [k, 2 * k]
      end select
    else
      allocate(s)
    end if
    s%id = 10 * k
  end function
  function clone(self) result(c)
    class(shape), intent(in) :: self
    class(shape), allocatable :: c
    allocate(c, source=self)
    c%id = c%id + 1
  end function
  subroutine show(self)
    class(shape), intent(in) :: self
    select type (self)
    type is (circle)
      print *, 'circle', self%id, self%r, self%marks
    class default
      print *, 'shape', self%id
    end select
  end subroutine
end module

program poly_results
  use factory
  implicit none
  class(shape), allocatable :: x, y
  type(box) :: b
  integer :: i
  x = make(1)
  call x%show()
  call show(make(2))
  y = x%clone()
  call y%show()
  allocate(b%content, source=make(1))
  call b%content%show()
  b%content = y%clone()
  call b%content%show()
  do i = 1, 3
    call show(make(mod(i, 2)))
  end do
  deallocate(x)
  x = make(2)
  call x%show()
end program
