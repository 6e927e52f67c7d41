module cells
  implicit none
  type :: cell
    integer :: v = 0
    integer :: writes = 0
  contains
    procedure :: set_int => cell_set_int
    procedure, private :: set_real => cell_set_real
    generic :: assignment(=) => set_int, set_real
  end type
  type, extends(cell) :: clamped
    integer :: hi = 10
  contains
    procedure :: set_int => clamped_set_int
  end type
contains
  subroutine cell_set_int(self, i)
    class(cell), intent(inout) :: self
    integer, intent(in) :: i
    self%v = i
    self%writes = self%writes + 1
  end subroutine
  subroutine cell_set_real(self, x)
    class(cell), intent(inout) :: self
    real, intent(in) :: x
    self%v = nint(x * 10)
    self%writes = self%writes + 1
  end subroutine
  subroutine clamped_set_int(self, i)
    class(clamped), intent(inout) :: self
    integer, intent(in) :: i
    self%v = min(i, self%hi)
    self%writes = self%writes + 100
  end subroutine
  subroutine store(c, i)
    class(cell), intent(inout) :: c
    integer, intent(in) :: i
    c = i
    c = 0.5
  end subroutine
end module

program p
  use cells
  implicit none
  type(cell) :: a
  type(clamped) :: b
  class(cell), allocatable :: c
  a = 42
  b = 42
  print *, a%v, a%writes, b%v, b%writes
  call store(a, 7)
  call store(b, 70)
  print *, a%v, a%writes, b%v, b%writes
  allocate(clamped :: c)
  c = 99
  print *, c%v, c%writes
  select type (c)
  type is (clamped)
    c%hi = 1000
  end select
  c = 99
  c = 2.0
  print *, c%v, c%writes
end program
