module bag_m
  implicit none
  type :: item
    integer :: n = 0
  contains
    procedure :: show => item_show
  end type
  type, extends(item) :: bag
    integer, allocatable :: v(:)
    character(len=4) :: label = 'bag '
  contains
    procedure :: show => bag_show
  end type
  class(item), allocatable :: saved_item
contains
  subroutine item_show(x)
    class(item), intent(in) :: x
    print *, 'item', x%n
  end subroutine
  subroutine bag_show(x)
    class(bag), intent(in) :: x
    if (allocated(x%v)) then
      print *, x%label, x%n, size(x%v), sum(x%v)
    else
      print *, x%label, x%n, 'empty'
    end if
  end subroutine
  subroutine copy_in(x, y)
    class(item), intent(in) :: x
    class(item), allocatable, intent(inout) :: y
    if (allocated(y)) deallocate(y)
    allocate(y, source=x)
  end subroutine
  subroutine keep(x)
    class(item), intent(in) :: x
    if (allocated(saved_item)) deallocate(saved_item)
    allocate(saved_item, source=x)
  end subroutine
  subroutine reset(y)
    class(item), allocatable, intent(out) :: y
    print *, 'reset', allocated(y)
  end subroutine
  integer function total(y)
    class(item), allocatable, intent(in) :: y
    total = -1
    if (.not. allocated(y)) return
    select type (y)
    type is (bag)
      total = sum(y%v) + y%n
    class default
      total = y%n
    end select
  end function
end module

program p
  use bag_m
  implicit none
  class(item), allocatable :: a, b
  type(bag) :: t
  integer :: i
  t%n = 5
  t%v = [1, 2, 3]
  t%label = 'tee '
  call copy_in(t, a)
  t%v(1) = 100
  call a%show()
  call t%show()
  b = a
  select type (b)
  type is (bag)
    b%v = [b%v, 10]
    b%n = 6
  end select
  call a%show()
  call b%show()
  print *, total(a), total(b)
  a = item(42)
  call a%show()
  print *, total(a), same_type_as(a, b)
  call keep(b)
  call saved_item%show()
  call reset(b)
  print *, allocated(b), total(b)
  do i = 1, 3
    call copy_in(saved_item, b)
    select type (b)
    class is (bag)
      b%v = b%v * i
    end select
    call b%show()
  end do
  call move_alloc(b, saved_item)
  print *, allocated(b), allocated(saved_item)
  call saved_item%show()
  b = t
  call b%show()
  print *, extends_type_of(b, t), extends_type_of(a, t)
end program
