module shapes
  implicit none
  type :: shape
    integer :: id = 0
  contains
    procedure :: area => shape_area
    procedure :: describe
  end type
  type, extends(shape) :: rect
    integer :: w = 1, h = 1
  contains
    procedure :: area => rect_area
  end type
  type, extends(rect) :: square
    integer :: tag = 7
  contains
    procedure :: area => square_area
  end type
contains
  integer function shape_area(s)
    class(shape), intent(in) :: s
    shape_area = 0
  end function
  integer function rect_area(s)
    class(rect), intent(in) :: s
    rect_area = s%w * s%h
  end function
  integer function square_area(s)
    class(square), intent(in) :: s
    square_area = s%w * s%w + s%tag
  end function
  subroutine describe(s)
    class(shape), intent(in) :: s
    select type (s)
    type is (shape)
      print *, 'shape', s%id, s%area()
    type is (rect)
      print *, 'rect', s%id, s%w, s%h, s%area()
    class is (rect)
      print *, 'some rect', s%id, s%w, s%area()
    end select
  end subroutine
  subroutine make(s, kind, n)
    class(shape), allocatable, intent(out) :: s
    integer, intent(in) :: kind, n
    if (kind == 1) then
      allocate(rect :: s)
    else if (kind == 2) then
      allocate(square :: s)
    else
      allocate(s)
    end if
    s%id = n
  end subroutine
  subroutine grow(s)
    class(shape), allocatable, intent(inout) :: s
    if (allocated(s)) then
      select type (s)
      class is (rect)
        s%w = s%w + 10
      end select
    end if
  end subroutine
end module

program p
  use shapes
  implicit none
  class(shape), allocatable :: a, b, c
  type(rect) :: r
  integer :: i
  print *, allocated(a)
  allocate(rect :: a)
  print *, allocated(a), a%area()
  call a%describe()
  select type (a)
  type is (rect)
    a%w = 3
    a%h = 4
  end select
  print *, a%area(), same_type_as(a, r), extends_type_of(a, r)
  deallocate(a)
  print *, allocated(a)
  do i = 0, 2
    call make(b, i, 10 + i)
    call grow(b)
    call b%describe()
    print *, 'area', b%area()
  end do
  r%w = 5
  r%h = 6
  r%id = 99
  allocate(c, source=r)
  call c%describe()
  call move_alloc(c, a)
  print *, allocated(a), allocated(c), a%area()
  call a%describe()
  deallocate(a)
  allocate(a, mold=b)
  call a%describe()
  print *, same_type_as(a, b), extends_type_of(b, r)
  deallocate(a)
  allocate(a, source=b)
  call a%describe()
  a = r
  call a%describe()
end program
