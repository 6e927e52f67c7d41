! `class(*)` components of a derived type: an allocatable one given integers, reals,
! characters and derived values by `allocate` with `source=` and a type spec and by
! intrinsic assignment; a pointer one associated with integer, real and derived targets
! and allocated with a character `source=`; `select type` on both (`type is
! (character(*))` reads the container's length); intrinsic assignment of the enclosing
! type copies the payload deeply.
module m
  implicit none
  type :: base
    integer :: i = 0
  end type
  type, extends(base) :: ext
    real :: r = 0
  end type
  type :: holder
    integer :: tag = 0
    class(*), allocatable :: v
    class(*), pointer :: p => null()
  end type
contains
  subroutine show(h)
    type(holder), intent(in) :: h
    if (allocated(h%v)) then
      select type (x => h%v)
      type is (integer)
        print *, 'int', x
      type is (real)
        print *, 'real', x
      type is (character(*))
        print *, 'char ', len(x), x
      type is (ext)
        print *, 'ext', x%i, x%r
      class is (base)
        print *, 'base', x%i
      class default
        print *, 'other'
      end select
    else
      print *, 'v unallocated'
    end if
  end subroutine
end module
program t
  use m
  implicit none
  type(holder) :: h, g
  integer, target :: k = 7
  real, target :: rr = 1.5
  type(ext), target :: et
  call show(h)
  allocate(h%v, source=42)
  call show(h)
  deallocate(h%v)
  allocate(integer :: h%v)
  select type (x => h%v)
  type is (integer)
    x = 5
  end select
  call show(h)
  deallocate(h%v)
  allocate(h%v, source=ext(3, 2.5))
  call show(h)
  g = h
  deallocate(h%v)
  allocate(h%v, source='hello')
  call show(g)
  call show(h)
  g = h
  call show(g)
  h%v = 2.25
  call show(h)
  h%v = base(9)
  call show(h)
  h%v = 'xy'
  call show(h)
  h%p => k
  select type (q => h%p)
  type is (integer)
    print *, 'p', q
  end select
  h%p => rr
  select type (q => h%p)
  type is (real)
    print *, 'p', q
  end select
  et%i = 11
  h%p => et
  select type (q => h%p)
  class is (base)
    print *, 'p base', q%i
  end select
  allocate(h%p, source='pointee')
  select type (q => h%p)
  type is (character(*))
    print *, 'p ', q, len(q)
  end select
  deallocate(h%p)
  print *, associated(h%p)
end program
