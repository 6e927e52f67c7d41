! Data structures built from derived types: a fixed-capacity stack and a ring-buffer
! queue with array components, nested records, and operations in module procedures.
module containers
  implicit none
  integer, parameter :: cap = 5
  type :: entry
    integer :: key
    real :: weight
  end type entry
  type :: stack
    integer :: top = 0
    type(entry) :: items(cap)
  end type stack
  type :: queue
    integer :: head = 1, tail = 0, n = 0
    integer :: buf(0:cap - 1)
  end type queue
contains
  logical function push(s, e)
    type(stack), intent(inout) :: s
    type(entry), intent(in) :: e
    push = s%top < cap
    if (push) then
      s%top = s%top + 1
      s%items(s%top) = e
    end if
  end function push

  subroutine pop(s, e, ok)
    type(stack), intent(inout) :: s
    type(entry), intent(out) :: e
    logical, intent(out) :: ok
    ok = s%top > 0
    if (ok) then
      e = s%items(s%top)
      s%top = s%top - 1
    else
      e = entry(-1, 0.0)
    end if
  end subroutine pop

  subroutine enqueue(q, v)
    type(queue), intent(inout) :: q
    integer, intent(in) :: v
    if (q%n == cap) then
      q%head = mod(q%head + 1, cap)
      q%n = q%n - 1
    end if
    q%tail = mod(q%tail + 1, cap)
    q%buf(q%tail) = v
    q%n = q%n + 1
  end subroutine enqueue

  integer function dequeue(q)
    type(queue), intent(inout) :: q
    dequeue = q%buf(q%head)
    q%head = mod(q%head + 1, cap)
    q%n = q%n - 1
  end function dequeue
end module containers

program dt_stack_queue
  use containers
  implicit none
  type(stack) :: s
  type(queue) :: q
  type(entry) :: e
  logical :: ok
  integer :: i
  do i = 1, 7
    if (.not. push(s, entry(i * i, 1.0 / i))) print *, 'full at', i
  end do
  print *, s%top, s%items(s%top)%key, s%items%key
  do i = 1, 3
    call pop(s, e, ok)
    print '(l2, i4, f8.4)', ok, e
  end do
  ok = push(s, entry(99, 9.5))
  do while (s%top > 0)
    call pop(s, e, ok)
    print '(i4, f8.4)', e%key, e%weight
  end do
  call pop(s, e, ok)
  print *, ok, e
  q%tail = cap - 1
  q%head = 0
  do i = 1, 8
    call enqueue(q, 10 * i)
  end do
  print *, q%n, q%head, q%tail, q%buf
  do while (q%n > 0)
    i = dequeue(q)
    print '(i5, i3)', i, q%n
  end do
end program dt_stack_queue
