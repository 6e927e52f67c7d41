! Polymorphic array pointers beyond local ones: dummies (=> and allocate in the callee,
! intent(out), passed on), a module's class(shape), pointer :: current(:) in gfortran's
! layout (=> sections of arrays of an extension, a polymorphic allocatable target, a
! dummy allocating it, deallocate), associated with one and two arguments, nullify.
module shapes
  implicit none
  type :: shape
    integer :: id = 0
  contains
    procedure :: area
  end type
  type, extends(shape) :: rect
    integer :: w = 1, h = 1
  contains
    procedure :: area => rect_area
  end type
  class(shape), pointer :: current(:) => null()
  class(shape), allocatable, target :: pool(:)
contains
  integer function area(self)
    class(shape), intent(in) :: self
    area = 0
  end function
  integer function rect_area(self)
    class(rect), intent(in) :: self
    rect_area = self%w * self%h
  end function
  subroutine make(p, n)
    class(shape), pointer, intent(out) :: p(:)
    integer, intent(in) :: n
    integer :: i
    allocate(rect :: p(n))
    do i = 1, n
      p(i)%id = i
      select type (q => p(i))
      type is (rect)
        q%w = i
        q%h = 2
      end select
    end do
  end subroutine
  subroutine point(p, t)
    class(shape), pointer :: p(:)
    class(shape), target, intent(in) :: t(:)
    p => t
  end subroutine
  subroutine show(tag, p)
    character(*), intent(in) :: tag
    class(shape), pointer, intent(in) :: p(:)
    integer :: i
    if (.not. associated(p)) then
      print *, tag, ' not associated'
      return
    end if
    write (*, '(a, i3, a)', advance='no') tag, size(p), ':'
    do i = 1, size(p)
      write (*, '(2i4)', advance='no') p(i)%id, p(i)%area()
    end do
    write (*, *)
  end subroutine
  subroutine use_current()
    call show('current', current)
  end subroutine
end module

program poly_ptrs
  use shapes
  implicit none
  class(shape), pointer :: a(:), b(:)
  type(rect), target :: rs(4)
  integer :: i
  nullify(a, b)
  call show('a', a)
  call make(a, 3)
  call show('a', a)
  call point(b, a(3:1:-2))
  call show('b', b)
  print *, associated(b), associated(b, a(3:1:-2))
  do i = 1, 4
    rs(i)%id = 10 * i
    rs(i)%w = i
  end do
  current => rs(2:4)
  call use_current()
  call point(current, rs)
  call show('current', current)
  allocate(pool(2), source=rect(id=7, w=3, h=3))
  current => pool
  call use_current()
  call make(current, 2)
  call use_current()
  deallocate(current)
  call use_current()
  deallocate(a)
  print *, associated(current), associated(a)
end program
