! Polymorphic array dummies (assumed-shape and explicit-shape): elements addressed by
! the dynamic type's size, type-bound procedures dispatched per element, sections.
module shapes
  implicit none
  type :: shape
    integer :: id = 0
  contains
    procedure :: area => shape_area
    procedure :: show
  end type
  type, extends(shape) :: rect
    integer :: w = 1, h = 1
  contains
    procedure :: area => rect_area
  end type
  type, extends(rect) :: box
    integer :: d = 2
  contains
    procedure :: area => box_area
  end type
contains
  integer function shape_area(self)
    class(shape), intent(in) :: self
    shape_area = 0
  end function
  integer function rect_area(self)
    class(rect), intent(in) :: self
    rect_area = self%w * self%h
  end function
  integer function box_area(self)
    class(box), intent(in) :: self
    box_area = 2 * (self%w * self%h + self%w * self%d + self%h * self%d)
  end function
  subroutine show(self)
    class(shape), intent(in) :: self
    print *, 'id', self%id, 'area', self%area()
  end subroutine
  subroutine all_areas(a)
    class(shape), intent(in) :: a(:)
    integer :: i
    print *, 'size', size(a), lbound(a, 1), ubound(a, 1)
    do i = 1, size(a)
      print *, i, a(i)%id, a(i)%area()
      call a(i)%show()
    end do
  end subroutine
  subroutine bump(a, n)
    integer, intent(in) :: n
    class(shape), intent(inout) :: a(n)
    integer :: i
    do i = 1, n
      a(i)%id = a(i)%id + 100 * i
    end do
    call all_areas(a)
  end subroutine
  subroutine ids(a)
    class(shape), intent(in) :: a(:, :)
    print *, 'ids', size(a, 1), size(a, 2), sum(a%id), maxval(a%id)
    print *, a(2, :)%id
    print *, a(1, 3)%area(), a(2, size(a, 2))%area()
  end subroutine
end module

program t1
  use shapes
  implicit none
  type(rect) :: r(4)
  type(box) :: b(3)
  type(shape) :: s(2)
  type(rect) :: g(2, 4)
  integer :: i
  do i = 1, 4
    r(i) = rect(i, i, i + 1)
  end do
  do i = 1, 3
    b(i) = box(10 + i, 1, 2, i)
  end do
  s(1)%id = 7
  s(2)%id = 8
  call all_areas(r)
  call all_areas(b)
  call all_areas(s)
  call all_areas(r(1:4:2))
  call bump(b, 3)
  call bump(r(2:3), 2)
  call all_areas(r(4:1:-1))
  print *, r%id
  print *, b%id
  g = reshape([r, r], [2, 4])
  call ids(g)
  call ids(g(:, 2:4))
end program
