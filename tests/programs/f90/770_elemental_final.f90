! Elemental final procedures (scalars, arrays of any rank, an extension's parent part) and
! the order in which a procedure's locals are finalized when it returns.
module efm
  implicit none
  integer :: count = 0
  type :: t
    integer :: id = 0
  contains
    final :: fin_each
  end type
  type, extends(t) :: u
    integer :: extra = 0
  contains
    final :: fin_u
  end type
contains
  impure elemental subroutine fin_each(x)
    type(t), intent(inout) :: x
    count = count + 1
    print *, 'elemental final', x%id
  end subroutine
  subroutine fin_u(x)
    type(u), intent(inout) :: x(:)
    print *, 'u rank-1', size(x)
  end subroutine
  subroutine sub()
    type(t) :: loc(2)
    type(t) :: one
    loc%id = [7, 8]
    one%id = 9
  end subroutine
end module
program p
  use efm
  implicit none
  type(t), allocatable :: a, b(:), c(:,:)
  type(u), allocatable :: d(:), e
  allocate(a)
  a%id = 1
  deallocate(a)
  allocate(b(3))
  b%id = [2, 3, 4]
  deallocate(b)
  allocate(c(2,2))
  c%id = reshape([5, 6, 7, 8], [2, 2])
  deallocate(c)
  allocate(d(2))
  d%id = [10, 11]
  deallocate(d)
  allocate(e)
  e%id = 12
  deallocate(e)
  call sub()
  print *, count
end program
