! Functions with polymorphic allocatable array results (class(T) and class(*)), returned
! as gfortran returns their class container: assigned to polymorphic allocatable arrays
! (which take over the result's data and dynamic type), then dispatch per element.
module factory
  implicit none
  type :: item
    integer :: v = 0
  contains
    procedure :: val
  end type
  type, extends(item) :: big
    integer :: extra = 100
  contains
    procedure :: val => big_val
  end type
contains
  integer function val(self)
    class(item), intent(in) :: self
    val = self%v
  end function
  integer function big_val(self)
    class(big), intent(in) :: self
    big_val = self%v + self%extra
  end function
  function make(n, large) result(r)
    integer, intent(in) :: n
    logical, intent(in) :: large
    class(item), allocatable :: r(:)
    integer :: i
    if (large) then
      allocate(big :: r(n))
    else
      allocate(item :: r(n))
    end if
    do i = 1, n
      r(i)%v = i * i
    end do
  end function
  function anything(k) result(r)
    integer, intent(in) :: k
    class(*), allocatable :: r(:)
    select case (k)
    case (1)
      allocate(r, source=[1, 2, 3])
    case (2)
      allocate(r, source=[2.5d0])
    case default
      allocate(r, source=['xy', 'zw'])
    end select
  end function
  subroutine show(a)
    class(item), intent(in) :: a(:)
    integer :: i
    write (*, '(i3, a)', advance='no') size(a), ':'
    do i = 1, size(a)
      write (*, '(i5)', advance='no') a(i)%val()
    end do
    write (*, *)
  end subroutine
  subroutine what(a)
    class(*), intent(in) :: a(:)
    select type (a)
    type is (integer)
      print *, 'integers', a
    type is (real(8))
      print *, 'reals', a
    type is (character(*))
      print *, 'characters ', a
    end select
  end subroutine
end module

program poly_results
  use factory
  implicit none
  class(item), allocatable :: x(:)
  class(*), allocatable :: y(:)
  integer :: k
  x = make(2, .true.)
  call show(x)
  print *, size(x), same_type_as(x(1), big())
  x = make(5, .false.)
  call show(x)
  do k = 1, 2
    y = anything(k)
    call what(y)
  end do
  y = anything(1)
  call what(y)
  y = anything(2)
  call what(y)
end program
