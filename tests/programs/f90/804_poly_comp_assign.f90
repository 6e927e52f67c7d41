! Intrinsic assignment to polymorphic allocatable components (F2008): the component
! takes the value and dynamic type of the right-hand side (reallocated when it was
! allocated), also from another polymorphic object and from itself.
module items
  implicit none
  type :: item
    integer :: n = 1
  end type
  type, extends(item) :: tagged
    character(8) :: tag = 'none'
  end type
  type :: slot
    class(item), allocatable :: it
  end type
contains
  subroutine show(s)
    type(slot), intent(in) :: s
    if (.not. allocated(s%it)) then
      print *, 'empty'
      return
    end if
    select type (x => s%it)
    type is (tagged)
      print *, 'tagged', x%n, x%tag
    type is (item)
      print *, 'item', x%n
    end select
  end subroutine
end module

program poly_comp_assign
  use items
  implicit none
  type(slot) :: a, b
  type(tagged) :: t
  integer :: i
  call show(a)
  t%n = 7
  t%tag = 'seven'
  a%it = t
  call show(a)
  t%n = 9
  call show(a)
  a%it = tagged(3, 'three')
  call show(a)
  b%it = a%it
  call show(b)
  do i = 1, 3
    b%it = item(i)
    call show(b)
  end do
  a%it = a%it
  call show(a)
  deallocate(a%it)
  a%it = item(4)
  call show(a)
  a = b
  call show(a)
end program
