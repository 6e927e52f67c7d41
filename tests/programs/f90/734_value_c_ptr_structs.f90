! The value attribute outside bind(c) (module, external and recursive procedures; the
! dummy is a copy), and type(c_ptr) components: a linked list threaded through c_loc
! and walked with c_f_pointer, c_associated ending the walk.
module nodes
  use iso_c_binding
  implicit none
  type, bind(c) :: node
    integer(c_int) :: key
    real(c_double) :: weight
    type(c_ptr) :: next = c_null_ptr
  end type
contains
  integer function countdown(n) result(steps)
    integer, value :: n
    steps = 0
    do while (n > 0)
      n = n / 2
      steps = steps + 1
    end do
  end function
  recursive integer function fact(n) result(r)
    integer(8), value :: n
    if (n <= 1) then
      r = 1
    else
      r = int(n) * fact(n - 1)
    end if
  end function
  real(8) function mix(a, b, flag)
    real(8), value :: a
    real, value :: b
    logical, value :: flag
    if (flag) then
      mix = a + b
    else
      mix = a - b
    end if
    a = 0
  end function
  real(c_double) function walk(head) result(total)
    type(c_ptr), value :: head
    type(node), pointer :: p
    total = 0
    do while (c_associated(head))
      call c_f_pointer(head, p)
      total = total + p%key * p%weight
      head = p%next
    end do
  end function
end module

subroutine shout(k)
  integer, value :: k
  k = k * 100
  print *, 'shout', k
end subroutine

program structs
  use nodes
  implicit none
  interface
    subroutine shout(k)
      integer, value :: k
    end subroutine
  end interface
  type(node), target :: list(4)
  type(node), pointer :: q
  integer :: m, i
  real(8) :: x, t
  m = 100
  print *, countdown(m), m
  print *, fact(10_8), fact(int(5, 8))
  x = 1.5d0
  print *, mix(x, 0.25, .true.), mix(x, 0.25, .false.), x
  call shout(m)
  print *, m
  do i = 1, 4
    list(i)%key = i
    list(i)%weight = 0.5d0 * i
    if (i > 1) list(i - 1)%next = c_loc(list(i))
  end do
  print *, c_associated(list(4)%next), c_associated(list(1)%next, c_loc(list(2)))
  t = walk(c_loc(list(1)))
  print *, t
  ! Unlink the second node.
  list(1)%next = list(2)%next
  t = walk(c_loc(list(1)))
  print *, t
  call c_f_pointer(list(3)%next, q)
  q%key = 40
  t = walk(c_loc(list(3)))
  print *, list(4)%key, t
end program
