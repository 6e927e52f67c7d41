! A singly linked list whose nodes carry `class(*), allocatable` payloads (integers,
! reals, characters of any length, derived types, one with a final procedure and one
! with an allocatable component): push, traverse with `select type`, deep copies of nodes
! by intrinsic assignment, replacement of a payload by an integer assignment, and deallocation of the
! nodes (each payload finalized and freed with its node).
module any_list
  implicit none
  type :: point
    integer :: x = 0, y = 0
  end type
  type :: tracked
    integer :: id = 0
  contains
    final :: goodbye
  end type
  type :: bag
    integer, allocatable :: items(:)
  end type
  type :: node
    class(*), allocatable :: payload
    type(node), pointer :: next => null()
  end type
  type :: list
    type(node), pointer :: head => null()
    integer :: n = 0
  end type
contains
  subroutine goodbye(t)
    type(tracked), intent(inout) :: t
    print '(a,i0)', 'finalized tracked ', t%id
  end subroutine

  subroutine push(l, v)
    type(list), intent(inout) :: l
    class(*), intent(in) :: v
    type(node), pointer :: nd
    allocate(nd)
    allocate(nd%payload, source=v)
    nd%next => l%head
    l%head => nd
    l%n = l%n + 1
  end subroutine

  subroutine describe(v)
    class(*), intent(in) :: v
    select type (v)
    type is (integer)
      print '(a,i0)', 'integer ', v
    type is (real)
      print '(a,f0.3)', 'real ', v
    type is (character(*))
      print '(a,i0,a)', 'character(', len(v), ') "' // v // '"'
    type is (point)
      print '(a,i0,a,i0,a)', 'point (', v%x, ',', v%y, ')'
    type is (tracked)
      print '(a,i0)', 'tracked ', v%id
    type is (bag)
      print '(a,*(1x,i0))', 'bag', v%items
    class default
      print '(a)', 'something else'
    end select
  end subroutine

  subroutine walk(l)
    type(list), intent(in) :: l
    type(node), pointer :: p
    p => l%head
    do while (associated(p))
      call describe(p%payload)
      p => p%next
    end do
  end subroutine

  subroutine destroy(l)
    type(list), intent(inout) :: l
    type(node), pointer :: p, q
    p => l%head
    do while (associated(p))
      q => p%next
      deallocate(p)
      p => q
    end do
    l%head => null()
    l%n = 0
  end subroutine
end module

program linked_any
  use any_list
  implicit none
  type(list) :: l
  type(node) :: copy
  call push(l, 42)
  call push(l, 2.5)
  call push(l, 'hello, list')
  call push(l, point(3, -4))
  call push(l, tracked(7))
  call push(l, bag([1, 2, 3]))
  print '(a,i0)', 'length ', l%n
  call walk(l)
  ! A node copied by intrinsic assignment: its own payload (a deep copy).
  copy = l%head
  select type (b => copy%payload)
  type is (bag)
    b%items(2) = 20
  end select
  call describe(copy%payload)
  call describe(l%head%payload)
  copy%payload = 17
  call describe(copy%payload)
  copy = l%head%next
  call describe(copy%payload)
  deallocate(copy%payload)
  print '(a,l1)', 'copy allocated ', allocated(copy%payload)
  call destroy(l)
  print '(a,i0)', 'length ', l%n
end program
