! Functions with class(*) allocatable scalar results (gfortran's 24-byte container through
! a hidden first argument): integer, real(8), character (with _len) and derived values
! passed to class(*) dummies, assigned to a class(*) allocatable, as source=.
module anyres
  implicit none
  type :: pt
    integer :: x = 1, y = 2
  end type
contains
  function pick(k) result(r)
    integer, intent(in) :: k
    class(*), allocatable :: r
    select case (k)
    case (1)
      r = 42
    case (2)
      r = 2.5d0
    case (3)
      allocate(r, source='hello')
    case default
      r = pt(k, -k)
    end select
  end function
  subroutine show(x)
    class(*), intent(in) :: x
    select type (x)
    type is (integer)
      print *, 'integer', x
    type is (real(8))
      print *, 'real(8)', x
    type is (character(*))
      print *, 'character', len(x), ' ', x
    type is (pt)
      print *, 'pt', x%x, x%y
    class default
      print *, 'other'
    end select
  end subroutine
end module

program star_results
  use anyres
  implicit none
  class(*), allocatable :: v
  integer :: k
  do k = 1, 5
    call show(pick(k))
  end do
  v = pick(4)
  call show(v)
  v = pick(3)
  call show(v)
  deallocate(v)
  allocate(v, source=pick(2))
  call show(v)
end program
