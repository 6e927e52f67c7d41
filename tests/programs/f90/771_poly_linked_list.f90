module shapes_list
  implicit none
  type :: item
    integer :: key = 0
    class(item), pointer :: next => null()
  contains
    procedure :: weight => item_weight
  end type
  type, extends(item) :: heavy
    integer :: mass = 100
  contains
    procedure :: weight => heavy_weight
  end type
contains
  integer function item_weight(self)
    class(item), intent(in) :: self
    item_weight = self%key
  end function
  integer function heavy_weight(self)
    class(heavy), intent(in) :: self
    heavy_weight = self%key + self%mass
  end function
  subroutine push(head, k, is_heavy)
    class(item), pointer, intent(inout) :: head
    integer, intent(in) :: k
    logical, intent(in) :: is_heavy
    class(item), pointer :: n
    if (is_heavy) then
      allocate(heavy :: n)
      select type (n)
      type is (heavy)
        n%mass = 10 * k
      end select
    else
      allocate(n)
    end if
    n%key = k
    n%next => head
    head => n
  end subroutine
  integer function total(head)
    class(item), pointer, intent(in) :: head
    class(item), pointer :: p
    total = 0
    p => head
    do while (associated(p))
      total = total + p%weight()
      p => p%next
    end do
  end function
end module

program plist
  use shapes_list
  implicit none
  class(item), pointer :: head, p, q
  type(heavy), target :: fixed
  integer :: i, n_heavy
  head => null()
  do i = 1, 6
    call push(head, i, mod(i, 3) == 0)
  end do
  print *, 'total', total(head)
  n_heavy = 0
  p => head
  do while (associated(p))
    select type (p)
    type is (heavy)
      n_heavy = n_heavy + 1
      print *, 'heavy', p%key, p%mass, p%weight()
    class default
      print *, 'item', p%key, p%weight()
    end select
    p => p%next
  end do
  print *, n_heavy
  fixed%key = 50
  fixed%mass = 5
  head%next%next => fixed
  print *, 'total', total(head), associated(head%next%next, fixed)
  print *, head%next%next%weight(), same_type_as(head%next%next, fixed)
  nullify(head%next%next)
  print *, 'total', total(head)
  allocate(head%next%next, source=fixed)
  print *, 'total', total(head)
  q => head%next
  call push(q, 77, .true.)
  print *, q%key, q%weight(), q%next%key
end program
