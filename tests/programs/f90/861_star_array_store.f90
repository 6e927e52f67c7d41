! class(*) arrays: a module's allocatable one kept from dummies of every intrinsic type
! (logical, complex(8), character with _len, array expressions and sections), rank-2
! dummies, allocate(character(len=3) :: x(2)), source= a scalar with bounds, deallocate.
module store
  implicit none
  class(*), allocatable :: saved(:)
  type :: pair
    integer :: a = 1, b = 2
  end type
contains
  subroutine keep(v)
    class(*), intent(in) :: v(:)
    if (allocated(saved)) deallocate(saved)
    allocate(saved, source=v)
  end subroutine
  subroutine kind_of(v)
    class(*), intent(in) :: v(:, :)
    select type (v)
    type is (integer)
      print *, 'int2d', shape(v), sum(v)
    type is (real)
      print *, 'real2d', shape(v), v(2, 1)
    class default
      print *, 'other2d'
    end select
  end subroutine
  subroutine describe()
    if (.not. allocated(saved)) then
      print *, 'nothing saved'
      return
    end if
    select type (saved)
    type is (integer)
      print *, 'saved integers', saved
    type is (logical)
      print *, 'saved logicals', saved
    type is (character(*))
      print *, 'saved characters', len(saved), size(saved), ' ', saved
    type is (pair)
      print *, 'saved pairs', saved%a, saved%b
    type is (complex(8))
      print *, 'saved complex', saved
    class default
      print *, 'saved other'
    end select
  end subroutine
end module

program p
  use store
  implicit none
  integer :: m(2, 3), i
  real :: r(3, 2)
  character(4) :: words(3) = ['one ', 'two ', 'six ']
  class(*), allocatable :: x(:)
  type(pair) :: ps(3)
  m = reshape([(i, i = 1, 6)], [2, 3])
  r = 0.5
  r(2, 1) = 4.0
  call kind_of(m)
  call kind_of(r)
  call kind_of(m(:, 2:3))
  call describe()
  call keep([.true., .false.])
  call describe()
  call keep(words)
  call describe()
  call keep(words(3:1:-2))
  call describe()
  call keep(m(1, :) * 10)
  call describe()
  ps(2)%a = 7
  call keep(ps)
  call describe()
  call keep([(1d0, 2d0), (3d0, -4d0)])
  call describe()
  allocate(character(len=3) :: x(2))
  select type (x)
  type is (character(*))
    x(1) = 'abcdef'
    x(2) = 'q'
    print *, len(x), '[', x, ']'
  end select
  call keep(x)
  call describe()
  deallocate(x)
  allocate(x(0:2), source=42)
  print *, lbound(x), ubound(x)
  call keep(x)
  call describe()
  deallocate(saved)
  call describe()
end program
