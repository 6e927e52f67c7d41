! A shape hierarchy: an abstract type with deferred bindings, extensions that override
! them (one extends another and calls its parent's binding), a factory function returning
! `class(shape), allocatable` chosen from a string, a scene holding an array of
! containers with `class(shape), allocatable` components, polymorphic dummies, and a
! non-overridable binding calling deferred ones.
module shapes
  implicit none
  private
  public :: shape, rectangle, square, triangle, make_shape, shape_box, total_area

  type, abstract :: shape
    character(len=8) :: name = ''
  contains
    procedure(area_iface), deferred :: area
    procedure(perim_iface), deferred :: perimeter
    procedure, non_overridable :: report
    procedure :: scale_by => shape_scale
  end type

  abstract interface
    real function area_iface(s)
      import :: shape
      class(shape), intent(in) :: s
    end function
    real function perim_iface(s)
      import :: shape
      class(shape), intent(in) :: s
    end function
  end interface

  type, extends(shape) :: rectangle
    real :: w = 0, h = 0
  contains
    procedure :: area => rect_area
    procedure :: perimeter => rect_perim
    procedure :: scale_by => rect_scale
  end type

  type, extends(rectangle) :: square
  contains
    procedure :: perimeter => square_perim
  end type

  type, extends(shape) :: triangle
    real :: a = 0, b = 0
  contains
    procedure :: area => tri_area
    procedure :: perimeter => tri_perim
  end type

  type :: shape_box
    class(shape), allocatable :: s
  end type

contains

  subroutine report(s)
    class(shape), intent(in) :: s
    print '(a8,2(1x,f8.2))', s%name, s%area(), s%perimeter()
  end subroutine

  subroutine shape_scale(s, f)
    class(shape), intent(inout) :: s
    real, intent(in) :: f
    print '(a,a,f5.2)', trim(s%name), ' cannot scale by', f
  end subroutine

  real function rect_area(s)
    class(rectangle), intent(in) :: s
    rect_area = s%w * s%h
  end function

  real function rect_perim(s)
    class(rectangle), intent(in) :: s
    rect_perim = 2 * (s%w + s%h)
  end function

  subroutine rect_scale(s, f)
    class(rectangle), intent(inout) :: s
    real, intent(in) :: f
    s%w = s%w * f
    s%h = s%h * f
  end subroutine

  real function square_perim(s)
    class(square), intent(in) :: s
    ! The parent's binding, called on the parent component.
    square_perim = s%rectangle%perimeter()
  end function

  real function tri_area(s)
    class(triangle), intent(in) :: s
    tri_area = 0.5 * s%a * s%b
  end function

  real function tri_perim(s)
    class(triangle), intent(in) :: s
    tri_perim = s%a + s%b + sqrt(s%a**2 + s%b**2)
  end function

  function make_shape(kind, x, y) result(s)
    character(*), intent(in) :: kind
    real, intent(in) :: x, y
    class(shape), allocatable :: s
    select case (kind)
    case ('rect')
      s = rectangle(name='rect', w=x, h=y)
    case ('square')
      allocate(s, source=square(name='square', w=x, h=x))
    case default
      allocate(triangle :: s)
      select type (s)
      type is (triangle)
        s%a = x
        s%b = y
      end select
      s%name = 'triangle'
    end select
  end function

  real function total_area(boxes)
    type(shape_box), intent(in) :: boxes(:)
    integer :: i
    total_area = 0
    do i = 1, size(boxes)
      if (allocated(boxes(i)%s)) total_area = total_area + boxes(i)%s%area()
    end do
  end function
end module

program shape_factory
  use shapes
  implicit none
  type(shape_box) :: scene(4)
  class(shape), allocatable :: one
  integer :: i
  scene(1)%s = make_shape('rect', 2.0, 3.0)
  scene(2)%s = make_shape('square', 1.5, 0.0)
  scene(3)%s = make_shape('tri', 3.0, 4.0)
  do i = 1, 3
    call scene(i)%s%report()
  end do
  print '(a,f8.2)', 'total', total_area(scene)
  do i = 1, 3
    call scene(i)%s%scale_by(2.0)
  end do
  print '(a,f8.2)', 'scaled', total_area(scene)
  one = make_shape('square', 0.25, 0.0)
  call one%report()
  select type (one)
  class is (rectangle)
    print '(a,2f6.2)', 'a kind of rectangle', one%w, one%h
  end select
  call move_alloc(one, scene(4)%s)
  print '(a,l2)', 'moved', allocated(one)
  print '(a,f8.4)', 'with the small one', total_area(scene)
end program
