! class(*) arrays: allocatable ones allocated with source= (constructors, arrays of
! intrinsic and derived type, character arrays whose length is _len) and with an intrinsic
! type spec, passed to class(*) array dummies (also intrinsic arrays, sections), select
! type with type is (integer), (real(8)), (character(*)), a derived type, class default.
module anyarr
  implicit none
  type :: pt
    integer :: x = 0, y = 0
  end type
contains
  subroutine show(tag, v)
    character(*), intent(in) :: tag
    class(*), intent(in) :: v(:)
    integer :: i
    select type (v)
    type is (integer)
      print '(a, a, 10i5)', tag, ' integer:', v
    type is (real(8))
      print '(a, a, 10f8.3)', tag, ' real(8):', v
    type is (character(*))
      print '(a, a, i3, 1x, 10a)', tag, ' character len', len(v), v
    type is (pt)
      print '(a, a, 10i5)', tag, ' pt:', (v(i)%x, v(i)%y, i = 1, size(v))
    class default
      print '(a, a)', tag, ' something else'
    end select
  end subroutine
  subroutine total(v, s)
    class(*), intent(in) :: v(:)
    integer, intent(out) :: s
    s = -1
    select type (v)
    type is (integer)
      s = sum(v)
    end select
  end subroutine
end module

program star_arrays
  use anyarr
  implicit none
  class(*), allocatable :: a(:), b(:)
  integer :: ints(4) = [4, 3, 2, 1], s
  real(8) :: r(3) = [0.5d0, 1.25d0, -2d0]
  type(pt) :: ps(2)
  allocate(a, source=[1, 2, 3])
  call show('a', a)
  print *, size(a), lbound(a), ubound(a)
  call total(a, s)
  print *, 'sum', s
  deallocate(a)
  print *, allocated(a)
  allocate(a, source=r)
  call show('a', a)
  deallocate(a)
  allocate(a, source=['ab', 'cd', 'ef'])
  call show('a', a)
  deallocate(a)
  ps(1) = pt(1, 2); ps(2) = pt(3, 4)
  allocate(a, source=ps)
  call show('a', a)
  call show('ints', ints)
  call show('r', r)
  call show('sec', ints(1:4:2))
  call total(ints, s)
  print *, 'sum', s
  allocate(integer :: b(5))
  select type (b)
  type is (integer)
    b = [10, 20, 30, 40, 50]
  end select
  call show('b', b)
  select type (a)
  type is (pt)
    a(2)%y = 99
  end select
  call show('a', a)
end program
