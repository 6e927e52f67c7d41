! An assumed-shape dummy with the target attribute works on the actual argument in place
! (gfortran passes the strided descriptor; gpuf does not pack it): a pointer associated
! with the dummy keeps pointing into the actual after the return, for strided, reversed
! and two-dimensional sections, with declared lower bounds; is_contiguous, whole-array
! operations, sections of the dummy and passing it on to other procedures.
module target_dummies
  implicit none
  real, pointer :: p(:) => null()
  integer, pointer :: q(:, :) => null()
contains
  subroutine keep(x)
    real, target, intent(inout) :: x(:)
    p => x
    x(1) = 100
    x = x + 0.5
  end subroutine
  subroutine keep2(m, flag)
    integer, target, intent(inout) :: m(0:, :)
    logical, intent(out) :: flag
    q => m(1:, :)
    m(0, :) = -m(0, :)
    flag = is_contiguous(m)
    call twice(m(:, 1))
  end subroutine
  subroutine twice(v)
    integer, intent(inout) :: v(:)
    v = 2 * v
  end subroutine
  real function total(x)
    real, target, intent(in) :: x(:)
    total = sum(x(2:)) + lbound(x, 1) + size(x)
  end function
end module

program target_assumed_shape
  use target_dummies
  implicit none
  real, target :: a(10)
  integer, target :: b(4, 5)
  logical :: flag
  integer :: i
  a = [(real(i), i = 1, 10)]
  b = reshape([(i, i = 1, 20)], [4, 5])
  call keep(a(1:10:2))
  p(2) = -7
  print *, a
  print *, size(p), p
  call keep(a(10:1:-3))
  p = 0
  print *, a
  call keep2(b(1:3, 2:5:2), flag)
  print *, flag, shape(q)
  q(1, 1) = 999
  print *, b
  call keep2(b, flag)
  print *, flag, shape(q), q(3, 5)
  print *, total(a), total(a(2:9:3)), total(a(9:2:-2))
end program
