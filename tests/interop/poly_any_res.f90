! Compiled by gfortran and by gpuf: a function with a `class(*)` allocatable scalar result
! (gfortran's 24-byte container, returned through a hidden first argument) and a `select
! type` printer of `class(*)` values (the only unit that prints).
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
