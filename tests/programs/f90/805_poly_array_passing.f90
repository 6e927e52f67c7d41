! Polymorphic arrays and their sections passed on to non-polymorphic dummies (the declared
! type's part of each element gathered into a temporary and scattered back),
! `intent(out)` polymorphic array dummies (default values of the dynamic type), and
! intrinsic assignment to a polymorphic allocatable array from another array (its shape
! and dynamic type).
module parts
  implicit none
  type :: part
    integer :: a = 1
    integer, allocatable :: extra(:)
  end type
  type, extends(part) :: gear
    integer :: teeth = 12
    real(8) :: ratio = 1.5d0
  end type
contains
  subroutine plain(x)
    type(part), intent(inout) :: x(:)
    x%a = x%a * 2
    print *, 'plain', x%a
  end subroutine
  subroutine plain_n(x, n)
    integer, intent(in) :: n
    type(part), intent(in) :: x(n)
    print *, 'plain_n', x%a
  end subroutine
  subroutine forward(x)
    class(part), intent(inout) :: x(:)
    call plain(x)
    call plain_n(x, size(x))
    call plain(x(size(x):1:-2))
    call plain_n(x(1:size(x):2), (size(x) + 1) / 2)
    select type (x)
    type is (gear)
      print *, 'teeth', x%teeth, x%ratio
    end select
  end subroutine
  subroutine reset(x)
    class(part), intent(out) :: x(:)
    select type (x)
    type is (gear)
      print *, 'reset gear', x%a, x%teeth, allocated(x(1)%extra)
    class default
      print *, 'reset part', x%a
    end select
  end subroutine
end module

program poly_array_passing
  use parts
  implicit none
  type(gear) :: g(3)
  type(part) :: p(2)
  class(part), allocatable :: c(:)
  integer :: i
  do i = 1, 3
    g(i)%a = i
    g(i)%teeth = 10 * i
  end do
  g(2)%extra = [1, 2, 3]
  call forward(g)
  print *, g%a, g%teeth
  call reset(g)
  print *, g%a, g%teeth, allocated(g(2)%extra)
  p%a = [7, 8]
  call forward(p)
  call reset(p)
  print *, p%a
  g(3)%ratio = 4.0d0
  c = g
  print *, size(c), lbound(c), c%a
  select type (c)
  type is (gear)
    print *, 'gear copy', c%teeth, c%ratio
  end select
  c = p
  print *, size(c), c%a
  select type (c)
  type is (gear)
    print *, 'still gear'
  type is (part)
    print *, 'now part'
  end select
end program
