! A registry of heterogeneous shapes: polymorphic components in an array of structures,
! class(*) tags, finalization of the entries, dispatch through components.
module shape_registry
  implicit none
  type, abstract :: shape
    integer :: id = 0
  contains
    procedure(area_iface), deferred :: area
    procedure :: label => shape_label
  end type
  abstract interface
    integer function area_iface(s)
      import :: shape
      class(shape), intent(in) :: s
    end function
  end interface
  type, extends(shape) :: rect
    integer :: w = 1, h = 1
  contains
    procedure :: area => rect_area
  end type
  type, extends(shape) :: tri
    integer :: b = 1, h = 1
  contains
    procedure :: area => tri_area
    procedure :: label => tri_label
  end type
  type :: entry
    class(shape), allocatable :: s
    integer :: hits = 0
  end type
  integer :: finalized = 0
  type :: token
    integer :: n = 0
  contains
    final :: drop_token
  end type
contains
  integer function rect_area(s)
    class(rect), intent(in) :: s
    rect_area = s%w * s%h
  end function
  integer function tri_area(s)
    class(tri), intent(in) :: s
    tri_area = s%b * s%h / 2
  end function
  integer function shape_label(s)
    class(shape), intent(in) :: s
    shape_label = 1000 + s%id
  end function
  integer function tri_label(s)
    class(tri), intent(in) :: s
    tri_label = 3000 + s%id
  end function
  subroutine drop_token(t)
    type(token), intent(inout) :: t
    finalized = finalized + t%n
  end subroutine
  subroutine describe(tag)
    class(*), intent(in) :: tag
    select type (tag)
    type is (integer)
      print *, 'tag int', tag
    type is (character(*))
      print *, 'tag str ', tag
    class is (shape)
      print *, 'tag shape', tag%area(), tag%label()
    class default
      print *, 'tag other'
    end select
  end subroutine
  subroutine use_tokens(n)
    integer, intent(in) :: n
    type(token) :: a
    type(token), allocatable :: b
    a%n = n
    allocate(b)
    b%n = 10 * n
  end subroutine
end module

program registry
  use shape_registry
  implicit none
  type(entry) :: table(4)
  integer :: i, total
  do i = 1, 4
    if (mod(i, 2) == 1) then
      allocate(table(i)%s, source=rect(i, i + 1, 2))
    else
      allocate(tri :: table(i)%s)
      table(i)%s%id = i
      select type (t => table(i)%s)
      type is (tri)
        t%b = 2 * i
        t%h = 3
      end select
    end if
  end do
  total = 0
  do i = 1, 4
    total = total + table(i)%s%area()
    table(i)%hits = table(i)%hits + 1
    print *, i, table(i)%s%area(), table(i)%s%label()
  end do
  print *, 'total area', total
  call describe(7)
  call describe('seven')
  call describe(table(2)%s)
  call describe(table(3)%s)
  call describe(2.0)
  do i = 1, 3
    call use_tokens(i)
  end do
  print *, 'finalized', finalized
  deallocate(table(1)%s)
  print *, allocated(table(1)%s), allocated(table(2)%s)
end program
