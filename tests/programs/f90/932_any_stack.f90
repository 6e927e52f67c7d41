! A growable stack of `class(*)` values: a type-bound `push` with a polymorphic dummy
! that grows the array of wrappers by moving each `class(*)` allocatable component into
! a bigger array (`move_alloc` of components, then of the array), and a `pop` that moves
! the top value into an `intent(out)` `class(*)` allocatable dummy; `select type` on
! what comes back.
module stackm
  implicit none
  type :: item
    class(*), allocatable :: v
  end type
  type :: stack
    type(item), allocatable :: items(:)
    integer :: n = 0
  contains
    procedure :: push
    procedure :: pop
  end type
contains
  subroutine push(s, v)
    class(stack), intent(inout) :: s
    class(*), intent(in) :: v
    type(item), allocatable :: tmp(:)
    integer :: i
    if (.not. allocated(s%items)) allocate(s%items(2))
    if (s%n == size(s%items)) then
      allocate(tmp(2 * size(s%items)))
      do i = 1, s%n
        call move_alloc(s%items(i)%v, tmp(i)%v)
      end do
      call move_alloc(tmp, s%items)
    end if
    s%n = s%n + 1
    allocate(s%items(s%n)%v, source=v)
  end subroutine
  subroutine pop(s, v)
    class(stack), intent(inout) :: s
    class(*), allocatable, intent(out) :: v
    call move_alloc(s%items(s%n)%v, v)
    s%n = s%n - 1
  end subroutine
end module
program q3
  use stackm
  implicit none
  type(stack) :: s
  class(*), allocatable :: x
  integer :: k
  do k = 1, 5
    if (mod(k, 2) == 0) then
      call s%push(k * 1.5)
    else
      call s%push(k)
    end if
  end do
  call s%push(99)
  print *, s%n, size(s%items)
  do while (s%n > 0)
    call s%pop(x)
    select type (x)
    type is (integer)
      print *, 'int', x
    type is (real)
      print *, 'real', x
    type is (character(*))
      print *, 'chars ', x
    end select
  end do
end program
