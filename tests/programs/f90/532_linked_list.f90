! A singly linked list built with pointer components: push, traverse, reverse, free.
module lists
  implicit none
  type :: node
    integer :: val = 0
    type(node), pointer :: next => null()
  end type
contains
  subroutine push(head, v)
    type(node), pointer :: head
    integer, intent(in) :: v
    type(node), pointer :: n
    allocate(n)
    n%val = v
    n%next => head
    head => n
  end subroutine
end module

program linked_list
  implicit none
  type :: item
    integer :: key
    real :: w
    type(item), pointer :: next => null()
  end type
  type(item), pointer :: head, p, prev, nxt
  integer :: i, total, count
  nullify(head)
  do i = 1, 6
    allocate(p)
    p%key = i * i
    p%w = 0.5 * i
    p%next => head
    head => p
  end do
  p => head
  total = 0
  count = 0
  do while (associated(p))
    total = total + p%key
    count = count + 1
    write(*, '(i4, f6.2)') p%key, p%w
    p => p%next
  end do
  print *, 'count', count, 'total', total
  ! reverse in place
  nullify(prev)
  p => head
  do while (associated(p))
    nxt => p%next
    p%next => prev
    prev => p
    p => nxt
  end do
  head => prev
  p => head
  do while (associated(p))
    write(*, '(i4)', advance='no') p%key
    p => p%next
  end do
  print *
  print *, associated(head%next), associated(head%next%next, head%next%next)
  ! remove the second element
  p => head%next
  head%next => p%next
  deallocate(p)
  print *, head%key, head%next%key
  do while (associated(head))
    p => head
    head => head%next
    deallocate(p)
  end do
  print *, associated(head)
end program
