! A function with a polymorphic allocatable array result as a `select type` selector
! (`type is`, `class is`, `class default`, and the result's own lower bound kept). gfortran
! 12 stops with an internal compiler error (segmentation fault) on such a selector, so the
! output is worked out by hand: batch(n, kind) has ids 10*j over its bounds (1:n, or 0:n-1
! for kind 2) and, when it extends `tagged`, tags j*j for j = 1..n.
!   report(2, 1): items, size 2, ids 10 20
!   report(3, 2): tagged, lbound 0, ids 0 10 20, tags 1 4 9
!   report(4, 3): labelled is only `class is (tagged)`: size 4, tags 1 4 9 16
!   report(2, 4): labelled again: size 2, tags 1 4; its codes are -1
module batches
  implicit none
  type :: item
    integer :: id = 0
  end type
  type, extends(item) :: tagged
    integer :: tag = 0
  end type
  type, extends(tagged) :: labelled
    integer :: code = -1
  end type
contains
  function batch(n, kind) result(r)
    integer, intent(in) :: n, kind
    class(item), allocatable :: r(:)
    integer :: j
    select case (kind)
    case (1)
      allocate(item :: r(n))
    case (2)
      allocate(tagged :: r(0:n-1))
    case default
      allocate(labelled :: r(n))
    end select
    do j = lbound(r, 1), ubound(r, 1)
      r(j)%id = 10 * j
    end do
    select type (r)
    class is (tagged)
      r%tag = [(j * j, j = 1, n)]
    end select
  end function

  subroutine report(n, kind)
    integer, intent(in) :: n, kind
    select type (b => batch(n, kind))
    type is (item)
      print '(a,i2,a,*(i3))', 'items size', size(b), ' ids', b%id
    type is (tagged)
      print '(a,i2,a,*(i3))', 'tagged lbound', lbound(b, 1), ' ids', b%id
      print '(a,*(i3))', 'tags', b%tag
    class is (tagged)
      print '(a,i2,a,*(i3))', 'class tagged size', size(b), ' tags', b%tag
      select type (b)
      type is (labelled)
        print '(a,*(i3))', 'codes', b%code
      end select
    class default
      print '(a)', 'unexpected'
    end select
  end subroutine
end module

program poly_array_result_selector
  use batches
  implicit none
  integer :: k
  do k = 1, 4
    call report(k + 1 - merge(3, 0, k == 4), k)
  end do
end program
