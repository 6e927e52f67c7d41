! `select type` of a whole polymorphic allocatable array component (`type is`, `class
! is`, the associate name writing through to the component's elements), before and after
! intrinsic assignment of the enclosing structure.
module m
  implicit none
  type :: base
    integer :: i = 0
  end type
  type, extends(base) :: ext
    real :: r = 0
  end type
  type :: holder
    class(base), allocatable :: arr(:)
  end type
contains
  subroutine show(h)
    type(holder), intent(in) :: h
    if (.not. allocated(h%arr)) return
    select type (a => h%arr)
    type is (ext)
      print *, 'ext arr', size(a), a%i, a%r
    class is (base)
      print *, 'base arr', lbound(a), a%i
    end select
  end subroutine
end module
program t
  use m
  implicit none
  type(holder) :: h, g
  integer :: j
  allocate(h%arr(3), source=ext(1, 1.5))
  call show(h)
  select type (a => h%arr)
  type is (ext)
    a%r = [(0.5 * j, j = 1, 3)]
    a(2)%i = 20
  end select
  call show(h)
  allocate(base :: g%arr(0:1))
  call show(g)
  g = h
  call show(g)
end program
