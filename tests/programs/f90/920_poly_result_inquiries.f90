! References to functions with polymorphic allocatable results where no variable holds
! them: array results as arguments of the array inquiry intrinsics (size, lbound, ubound,
! shape) inside expressions and conditions and as actual arguments of non-polymorphic
! dummies (assumed and explicit shape), scalar results as `select type` selectors
! (each result freed after its statement or construct); a `select type` nested in a
! guard whose selector is the guard's associate name.
module shapes_factory
  implicit none
  type :: item
    integer :: id = 0
  end type
  type, extends(item) :: tagged
    integer :: tag = 0
  end type
  type, extends(tagged) :: labelled
    character(len=4) :: label = 'none'
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

  function one(kind) result(r)
    integer, intent(in) :: kind
    class(item), allocatable :: r
    if (kind == 1) then
      allocate(tagged :: r)
      select type (r)
      type is (tagged)
        r%tag = 77
      end select
    else
      allocate(labelled :: r)
      select type (r)
      type is (labelled)
        r%label = 'abcd'
      end select
    end if
    r%id = kind
  end function

  ! Non-polymorphic dummies of the declared type: assumed and explicit shape.
  subroutine ids(a)
    type(item), intent(in) :: a(:)
    print *, 'ids', size(a), a%id
  end subroutine

  subroutine ids_n(a, n)
    integer, intent(in) :: n
    type(item), intent(in) :: a(n)
    print *, 'ids_n', a%id
  end subroutine

  ! A `select type` nested in a guard, of the guard's associate name itself.
  subroutine nested(x)
    class(item), intent(in) :: x
    select type (b => x)
    class is (tagged)
      select type (b)
      type is (labelled)
        print *, 'nested labelled', b%id, b%tag, b%label
      class default
        print *, 'nested tagged', b%id, b%tag
      end select
    class default
      print *, 'nested item', b%id
    end select
  end subroutine
end module

program poly_result_inquiries
  use shapes_factory
  implicit none
  integer :: k, total
  integer, allocatable :: s(:)
  print *, size(batch(3, 1)), size(batch(5, 2)) + 1
  print *, lbound(batch(4, 2)), ubound(batch(4, 2)), lbound(batch(4, 3), 1)
  s = shape(batch(6, 3))
  print *, s
  total = 0
  do k = 1, 4
    total = total + size(batch(k, mod(k, 3) + 1))
  end do
  print *, 'total', total
  if (size(batch(2, 1)) == 2 .and. ubound(batch(3, 2), 1) == 2) print *, 'bounds ok'
  do k = 1, 2
    select type (x => one(k))
    type is (tagged)
      print *, 'one tagged', x%id, x%tag
    type is (labelled)
      print *, 'one labelled', x%id, x%label
    end select
  end do
  call ids(batch(3, 2))
  call ids(batch(2, 3))
  call ids_n(batch(4, 1), 4)
  call nested(item(5))
  call nested(tagged(6, 36))
  call nested(labelled(7, 49, 'wxyz'))
end program
