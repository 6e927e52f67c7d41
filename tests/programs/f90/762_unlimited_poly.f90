module anything
  implicit none
  type :: point
    integer :: x = 0, y = 0
  end type
  type, extends(point) :: point3
    integer :: z = 0
  end type
contains
  subroutine describe(v)
    class(*), intent(in) :: v
    select type (v)
    type is (integer)
      print *, 'integer', v, v * 2
    type is (integer(8))
      print *, 'integer(8)', v
    type is (real)
      print *, 'real', v
    type is (real(8))
      print *, 'double', v
    type is (logical)
      print *, 'logical', v
    type is (character(*))
      print *, 'string of', len(v), '[', v, ']'
    type is (point)
      print *, 'point', v%x, v%y
    class is (point)
      print *, 'some point', v%x, v%y
    class default
      print *, 'something else'
    end select
  end subroutine
  subroutine bump(v)
    class(*), intent(inout) :: v
    select type (v)
    type is (integer)
      v = v + 100
    type is (point3)
      v%z = v%z + 1
    end select
  end subroutine
  subroutine relay(v)
    class(*), intent(in) :: v
    call describe(v)
  end subroutine
  subroutine fill(v, k)
    class(*), allocatable, intent(out) :: v
    integer, intent(in) :: k
    select case (k)
    case (1)
      allocate(v, source=k * 11)
    case (2)
      allocate(v, source='two')
    case (3)
      allocate(v, source=point3(1, 2, 3))
    case default
      allocate(real(8) :: v)
      select type (v)
      type is (real(8))
        v = 0.25d0
      end select
    end select
  end subroutine
end module

program p
  use anything
  implicit none
  class(*), allocatable :: a, b
  integer :: n, i
  type(point3) :: q
  n = 5
  call describe(n)
  call describe(7_8)
  call describe(1.5)
  call describe(2.5d0)
  call describe(.true.)
  call describe('hello')
  call describe(point(3, 4))
  q = point3(5, 6, 7)
  call describe(q)
  call describe((1.0, 2.0))
  call bump(n)
  call bump(q)
  print *, n, q%z
  call relay(n)
  call relay('relayed')
  allocate(a, source=42)
  call describe(a)
  call bump(a)
  call describe(a)
  b = a
  call describe(b)
  print *, same_type_as(a, b)
  a = 'now a string'
  call describe(a)
  print *, same_type_as(a, b)
  do i = 1, 4
    call fill(b, i)
    call describe(b)
  end do
  deallocate(a)
  allocate(a, source=b)
  call describe(a)
  call move_alloc(a, b)
  print *, allocated(a), allocated(b)
  call describe(b)
  allocate(character(len=6) :: a)
  select type (a)
  type is (character(*))
    a = 'abcdef'
    print *, len(a), a(2:4)
  end select
  call relay(a)
end program
