! is_contiguous of assumed-shape dummies answers for the actual argument, as gfortran's
! descriptor tells it: whole arrays, unit-stride sections, strided, reversed, single-element
! and empty sections, rows and columns, array expressions, components of arrays of
! structures; the dummy is still updated in place (copied back) when it is strided.
module contig_m
  implicit none
contains
  logical function c1(x)
    real, intent(in) :: x(:)
    c1 = is_contiguous(x)
  end function
  logical function c2(x)
    real, intent(in) :: x(:, :)
    c2 = is_contiguous(x)
  end function
  subroutine bump(x, y, flags)
    real, intent(inout) :: x(:)
    real, intent(in) :: y(:, :)
    logical, intent(out) :: flags(2)
    flags = [is_contiguous(x), is_contiguous(y)]
    x = x + sum(y)
  end subroutine
end module

program is_contiguous_dummies
  use contig_m
  implicit none
  type :: pt
    real :: x, y
  end type
  type(pt) :: s(5)
  real :: a(10), b(4, 5)
  logical :: f(2)
  integer :: i
  a = [(real(i), i = 1, 10)]
  b = 1
  s = pt(1.0, 2.0)
  print *, c1(a), c1(a(2:8)), c1(a(1:9:2)), c1(a(3:3:2)), c1(a(5:4)), c1(a(9:1:-1)), c1(a(4:4))
  print *, c2(b), c2(b(1:2, :)), c2(b(:, 2:3)), c2(b(2:2, 1:5:2)), c2(b(:, 3:3)), c2(b(1:4:2, 2:2)), c2(b(:, 1:0))
  print *, c1(b(2, :)), c1(b(:, 4)), c1(a * 2), c1(a(::1)), c1(a(5:4:2)), c1(a(5:4:-1))
  print *, c1(s%x), c1(s(1:1)%y), c1(s(1:5:2)%x)
  call bump(a(1:10:3), b(1:2, 1:2), f)
  print *, f, a
  call bump(a, b(:, 2:3), f)
  print *, f, a
  call bump(a(10:1:-1), b(2:3, 2:2), f)
  print *, f, a
end program
