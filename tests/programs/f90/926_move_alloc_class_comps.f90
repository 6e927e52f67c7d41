! `move_alloc` to and from polymorphic allocatable scalar components (`class(*)` and
! `class(T)`) and variables: the destination takes the source's dynamic type, its old
! value is finalized first, the source ends unallocated.
module mv
  type :: t
    integer :: id = 0
  contains
    final :: bye
  end type
  type :: holder
    class(*), allocatable :: v
    class(t), allocatable :: w
  end type
contains
  subroutine bye(x)
    type(t), intent(inout) :: x
    print *, 'bye', x%id
  end subroutine
end module
program p
  use mv
  type(holder) :: h
  class(*), allocatable :: a
  class(t), allocatable :: b
  allocate(a, source=2.5)
  call move_alloc(a, h%v)
  print *, allocated(a), allocated(h%v)
  select type (v => h%v)
  type is (real)
    print *, 'real', v
  end select
  allocate(h%w, source=t(1))
  allocate(b, source=t(2))
  call move_alloc(b, h%w)
  print *, h%w%id, allocated(b)
  call move_alloc(h%w, b)
  print *, b%id, allocated(h%w)
  allocate(a, source=5)
  call move_alloc(h%v, a)
  select type (a)
  type is (real)
    print *, 'back', a
  end select
end program
