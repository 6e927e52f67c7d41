! Pointers to strided sections: element access, whole-pointer expressions, passing to
! procedures, pointers to sections of pointers, 2-D sections.
program strided
  implicit none
  integer, target :: a(20), m(6, 5)
  integer, pointer :: p(:), q(:), r(:, :), s(:)
  integer :: i, j
  a = [(i, i = 1, 20)]
  p => a(2:20:3)
  print *, size(p), p
  p = -p
  print *, a
  q => p(2::2)
  print *, size(q), q, sum(q)
  q(1) = 1000
  print *, a(5), p(2)
  m = reshape([(i, i = 1, 30)], [6, 5])
  r => m(1:6:2, 2:5:2)
  print *, shape(r), r
  print *, sum(r, dim=1), maxval(r)
  call twice(r)
  print *, m(:, 2)
  s => m(3, :)
  print *, s, total(s)
  s => a(20:1:-4)
  print *, s, lbound(s), ubound(s)
  print *, associated(s, a(20:1:-4)), associated(s, a(20:1:-5))
  do j = 1, size(s)
    s(j) = j
  end do
  print *, a
contains
  subroutine twice(x)
    integer, intent(inout) :: x(:, :)
    x = 2 * x
  end subroutine
  integer function total(v)
    integer, intent(in) :: v(5)
    total = sum(v)
  end function
end program
