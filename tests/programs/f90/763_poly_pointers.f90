module nodes
  implicit none
  type :: node
    integer :: val = 0
  contains
    procedure :: kind => node_kind
  end type
  type, extends(node) :: leaf
    integer :: weight = 1
  contains
    procedure :: kind => leaf_kind
  end type
contains
  integer function node_kind(n)
    class(node), intent(in) :: n
    node_kind = 100 + n%val
  end function
  integer function leaf_kind(n)
    class(leaf), intent(in) :: n
    leaf_kind = 200 + n%weight
  end function
  subroutine point_at(p, t)
    class(node), pointer, intent(out) :: p
    class(node), target, intent(in) :: t
    p => t
  end subroutine
  subroutine report(p)
    class(node), pointer, intent(in) :: p
    if (.not. associated(p)) then
      print *, 'null'
      return
    end if
    select type (p)
    type is (leaf)
      print *, p%kind(), p%val, p%weight
    class default
      print *, p%kind(), p%val
    end select
  end subroutine
end module

program ptrs
  use nodes
  implicit none
  type(node), target :: n1
  type(leaf), target :: l1
  class(node), pointer :: p, q
  class(*), pointer :: u
  integer, target :: k
  n1%val = 1
  l1%val = 2
  l1%weight = 20
  nullify(p)
  call report(p)
  p => n1
  call report(p)
  print *, associated(p, n1), associated(p, l1)
  p => l1
  call report(p)
  print *, p%kind(), same_type_as(p, l1)
  q => p
  call report(q)
  q%val = 3
  print *, l1%val
  call point_at(q, n1)
  call report(q)
  allocate(leaf :: p)
  call report(p)
  select type (p)
  type is (leaf)
    p%weight = 99
  end select
  call report(p)
  deallocate(p)
  print *, associated(p)
  allocate(p, source=l1)
  call report(p)
  deallocate(p)
  p => null()
  call report(p)
  k = 17
  u => k
  select type (u)
  type is (integer)
    print *, 'u is integer', u
    u = u + 1
  end select
  print *, k
  u => l1
  select type (u)
  class is (node)
    print *, 'u is a node', u%kind(), u%val
  end select
end program
