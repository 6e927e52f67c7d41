! Functions whose result is an array pointer (gfortran passes the result's descriptor as
! a hidden first argument): sections, remapped bounds, fresh allocations, a null result,
! and results assigned to pointers, pointer components and pointer dummies.
module views
  implicit none
  integer, target :: board(4, 5)
contains
  function evens(v) result(p)
    integer, pointer :: v(:)
    integer, pointer :: p(:)
    p => v(2::2)
  end function
  function column(j) result(c)
    integer, intent(in) :: j
    integer, pointer :: c(:)
    c(0:) => board(:, j)
  end function
  function block2(i, j) result(b)
    integer, intent(in) :: i, j
    integer, pointer :: b(:,:)
    b => board(i:i+1, j:j+2)
  end function
  function fresh(n) result(f)
    integer, intent(in) :: n
    real(8), pointer :: f(:)
    integer :: i
    allocate(f(n))
    f = [(0.5d0 * i, i = 1, n)]
  end function
  function nothing() result(z)
    integer, pointer :: z(:)
    nullify(z)
  end function
end module

program main
  use views
  implicit none
  type bag
    integer, pointer :: items(:) => null()
  end type
  integer, target :: line(9)
  integer, pointer :: p(:), q(:), m(:,:)
  real(8), pointer :: r(:)
  type(bag) :: bg
  integer :: i
  line = [(i * i, i = 1, 9)]
  board = reshape([(i, i = 1, 20)], [4, 5])
  q => line
  p => evens(q)
  print *, size(p), lbound(p), p
  p(1) = -4
  print *, line(2)
  p => column(3)
  print *, lbound(p), ubound(p), p
  m => block2(2, 2)
  print *, shape(m), m
  m = 0
  print *, board
  r => fresh(4)
  print *, r, sum(r)
  deallocate(r)
  p => nothing()
  print *, associated(p)
  bg%items => evens(q)
  print *, bg%items
  p => evens(bg%items)
  print *, p
  ! Results used as values.
  print *, evens(q), sum(evens(q)), size(column(2)), maxval(block2(1, 1))
  line(1:4) = evens(q)
  print *, line
end program
