! Array expressions and sections passed to polymorphic array dummies: constructors of
! extensions and of the declared type, concatenations, strided and reversed sections of
! rank 1 and 2, intrinsic expressions to class(*) dummies, sections of polymorphic
! arrays; allocate(source=) from an implied-do constructor of an extension.
module shapes7
  implicit none
  type :: node
    integer :: id = 0
  contains
    procedure :: weight
  end type
  type, extends(node) :: heavy
    integer :: mass = 10
  contains
    procedure :: weight => heavy_weight
  end type
contains
  integer function weight(self)
    class(node), intent(in) :: self
    weight = self%id
  end function
  integer function heavy_weight(self)
    class(heavy), intent(in) :: self
    heavy_weight = self%id * self%mass
  end function
  subroutine total(tag, a)
    character(*), intent(in) :: tag
    class(node), intent(in) :: a(:)
    integer :: i, s
    s = 0
    do i = 1, size(a)
      s = s + a(i)%weight()
    end do
    print '(a, 2i6)', tag, size(a), s
  end subroutine
  subroutine grid(tag, a)
    character(*), intent(in) :: tag
    class(node), intent(in) :: a(:, :)
    integer :: i, j
    write (*, '(a, 2i3, a)', advance='no') tag, shape(a), ':'
    do j = 1, size(a, 2)
      do i = 1, size(a, 1)
        write (*, '(i5)', advance='no') a(i, j)%weight()
      end do
    end do
    write (*, *)
  end subroutine
  subroutine kinds(tag, a)
    character(*), intent(in) :: tag
    class(*), intent(in) :: a(:)
    select type (a)
    type is (integer)
      print '(a, a, 10i5)', tag, ' integers', a
    type is (heavy)
      print '(a, a, 10i5)', tag, ' heavies', a%id, a%mass
    type is (node)
      print '(a, a, 10i5)', tag, ' nodes', a%id
    class default
      print '(a, a)', tag, ' other'
    end select
  end subroutine
end module

program poly_exprs
  use shapes7
  implicit none
  type(heavy) :: hs(6), h2(3, 4)
  type(node) :: ns(4)
  class(node), allocatable :: cs(:)
  integer :: i, j, v(5) = [5, 4, 3, 2, 1]
  do i = 1, 6
    hs(i)%id = i
    hs(i)%mass = 10 * i
  end do
  do j = 1, 4
    do i = 1, 3
      h2(i, j)%id = i + 10 * j
      h2(i, j)%mass = 1
    end do
  end do
  ns%id = [1, 2, 3, 4]
  call total('ctor', [heavy(1, 2), heavy(3, 4)])
  call total('nodes', [node(5), node(6), node(7)])
  call total('concat', [ns, ns(4:1:-1)])
  call total('section', hs(2:6:2))
  call total('reverse', hs(6:1:-1))
  call grid('whole', h2)
  call grid('sect', h2(1:3:2, 2:4))
  call grid('rows', h2(2:3, :))
  call kinds('ctor', [heavy(8, 9)])
  call kinds('ints', v(1:5:2) + 1)
  call kinds('nodes', [ns(2), node(9)])
  call kinds('hsec', hs(1:2))
  allocate(cs(4), source=[(heavy(i, i), i = 1, 4)])
  call total('alloc', cs)
  call total('alloc sec', cs(4:1:-2))
  call kinds('alloc', cs(2:3))
end program
