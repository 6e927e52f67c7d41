! Linked lists in integer arrays (the pre-pointer Fortran idiom): a free list of nodes,
! insertion in sorted order, deletion by value, traversal, reversal in place, node reuse
! after deletion, and two independent lists sharing the same node pool in a module.
module pool
  implicit none
  integer, parameter :: nmax = 20
  integer :: key(nmax), next(nmax), free_head
contains
  subroutine init_pool()
    integer :: i
    do i = 1, nmax - 1
      next(i) = i + 1
    end do
    next(nmax) = 0
    free_head = 1
  end subroutine init_pool
  integer function new_node(k)
    integer, intent(in) :: k
    new_node = free_head
    if (new_node == 0) then
      print *, 'pool exhausted'
      return
    end if
    free_head = next(new_node)
    key(new_node) = k
    next(new_node) = 0
  end function new_node
  subroutine insert_sorted(head, k)
    integer, intent(inout) :: head
    integer, intent(in) :: k
    integer :: nd, p
    nd = new_node(k)
    if (head == 0) then
      head = nd
    else if (key(head) >= k) then
      next(nd) = head
      head = nd
    else
      p = head
      do while (next(p) /= 0)
        if (key(next(p)) >= k) exit
        p = next(p)
      end do
      next(nd) = next(p)
      next(p) = nd
    end if
  end subroutine insert_sorted
  subroutine remove(head, k)
    integer, intent(inout) :: head
    integer, intent(in) :: k
    integer :: p, prev
    prev = 0
    p = head
    do while (p /= 0)
      if (key(p) == k) then
        if (prev == 0) then
          head = next(p)
        else
          next(prev) = next(p)
        end if
        next(p) = free_head
        free_head = p
        return
      end if
      prev = p
      p = next(p)
    end do
  end subroutine remove
  subroutine show(name, head)
    character(len=*), intent(in) :: name
    integer, intent(in) :: head
    integer :: p, n, vals(nmax)
    n = 0
    p = head
    do while (p /= 0)
      n = n + 1
      vals(n) = key(p)
      p = next(p)
    end do
    print '(A,A,I3,A,20I4)', name, ' (', n, '):', vals(1:n)
  end subroutine show
  subroutine reverse(head)
    integer, intent(inout) :: head
    integer :: prev, cur, nxt
    prev = 0
    cur = head
    do while (cur /= 0)
      nxt = next(cur)
      next(cur) = prev
      prev = cur
      cur = nxt
    end do
    head = prev
  end subroutine reverse
end module pool

program linked_list
  use pool
  implicit none
  integer :: a, b, i
  call init_pool()
  a = 0; b = 0
  do i = 1, 8
    call insert_sorted(a, mod(i * 37, 17))
    call insert_sorted(b, 100 - i * 3)
  end do
  call show('a', a)
  call show('b', b)
  call remove(a, 3)
  call remove(a, 99)
  call remove(a, key(a))
  call remove(b, 76)
  call show('a', a)
  call show('b', b)
  print '(A,I3)', 'free head:', free_head
  call insert_sorted(a, 0)
  call insert_sorted(a, 50)
  call insert_sorted(a, 7)
  call show('a', a)
  call reverse(a)
  call show('reversed a', a)
  do i = 1, 5
    call insert_sorted(b, i)
  end do
  call show('b', b)
end program linked_list
