! Sections of rank 2 (strided, of an extension, of a polymorphic assumed-shape dummy)
! passed to an explicit-shape polymorphic dummy: packed into a temporary of the dynamic
! element size and copied back after the call.
module grids
  implicit none
  type :: t
    integer :: i = 0
  end type
  type, extends(t) :: u
    integer :: j = 0
  end type
contains
  subroutine fixed(x, n)
    integer, intent(in) :: n
    class(t), intent(inout) :: x(n, n)
    integer :: a, b
    do b = 1, n
      do a = 1, n
        x(a, b)%i = x(a, b)%i + 1000
      end do
    end do
    select type (x)
    type is (u)
      print *, 'u', x%i, x%j
    type is (t)
      print *, 't', x%i
    end select
  end subroutine
  subroutine pass_on(y)
    class(t), intent(inout) :: y(:, :)
    call fixed(y(2:3, 1:3:2), 2)
  end subroutine
end module

program packed_sections
  use grids
  implicit none
  type(t) :: g(4, 4)
  type(u) :: h(3, 3)
  integer :: a, b
  do b = 1, 4
    do a = 1, 4
      g(a, b)%i = a + 10 * b
    end do
  end do
  do b = 1, 3
    do a = 1, 3
      h(a, b)%i = a + 10 * b
      h(a, b)%j = -a
    end do
  end do
  call fixed(g(1:4:2, 1:4:2), 2)
  print *, g%i
  call pass_on(h)
  print *, h%i
  call fixed(h(1:2, 2:3), 2)
  print *, h%i
end program
