! `move_alloc` of a `class(*)` character value into a `class(*)` component and back: the
! container's `_len` goes with the data. gfortran 12 leaves the component's `_len` zero,
! so its `type is (character(*))` guard sees an empty string; the output is worked out by
! hand: after the first move the source is unallocated and the component holds 'moved
! text' (length 10); moving it back into a variable that held an integer frees that.
module mv_chars
  implicit none
  type :: holder
    class(*), allocatable :: v
  end type
end module

program move_alloc_star_chars
  use mv_chars
  implicit none
  type(holder) :: h
  class(*), allocatable :: a
  allocate(a, source='moved text')
  call move_alloc(a, h%v)
  print '(a,2l2)', 'allocated', allocated(a), allocated(h%v)
  select type (v => h%v)
  type is (character(*))
    print '(a,i3,1x,a)', 'component', len(v), v
  class default
    print '(a)', 'not a character'
  end select
  allocate(a, source=5)
  call move_alloc(h%v, a)
  print '(a,2l2)', 'allocated', allocated(a), allocated(h%v)
  select type (a)
  type is (character(*))
    print '(a,i3,1x,a)', 'back', len(a), a
  class default
    print '(a)', 'not a character'
  end select
end program
