! Procedure pointers and abstract interfaces: pointers to functions and subroutines,
! `=> null()`, `=>` between pointers, associated with one and two arguments, nullify,
! dummy procedures declared with `procedure(iface)`, procedure pointer dummies (intent
! out and in: gfortran passes the pointer's address), an interface named by a procedure.
module funcs
  implicit none
  abstract interface
    real(8) function unary(x)
      real(8), intent(in) :: x
    end function
    subroutine action(n, v)
      integer, intent(in) :: n
      integer, intent(inout) :: v(n)
    end subroutine
  end interface
contains
  real(8) function twice(x)
    real(8), intent(in) :: x
    twice = 2 * x
  end function
  real(8) function square(x)
    real(8), intent(in) :: x
    square = x * x
  end function
  subroutine fill(n, v)
    integer, intent(in) :: n
    integer, intent(inout) :: v(n)
    integer :: i
    do i = 1, n
      v(i) = i
    end do
  end subroutine
  subroutine negate(n, v)
    integer, intent(in) :: n
    integer, intent(inout) :: v(n)
    v = -v
  end subroutine
  real(8) function apply(f, x)
    procedure(unary) :: f
    real(8), intent(in) :: x
    apply = f(x) + 1
  end function
  subroutine choose(k, fp)
    integer, intent(in) :: k
    procedure(unary), pointer, intent(out) :: fp
    if (k == 1) then
      fp => twice
    else
      fp => square
    end if
  end subroutine
  real(8) function via(fp, x)
    procedure(unary), pointer, intent(in) :: fp
    real(8), intent(in) :: x
    via = fp(x) * 10
  end function
end module

program main
  use funcs
  implicit none
  procedure(unary), pointer :: f => null(), g
  procedure(action), pointer :: act
  procedure(twice), pointer :: h
  integer :: v(4), k
  real(8) :: acc
  print *, associated(f)
  f => twice
  print *, associated(f), f(3d0), apply(f, 4d0), apply(square, 4d0)
  g => f
  print *, associated(g, twice), associated(g, square), g(1.5d0)
  call choose(2, f)
  print *, f(5d0), via(f, 2d0)
  act => fill
  call act(4, v)
  act => negate
  call act(4, v)
  print *, v
  nullify(f)
  print *, associated(f)
  ! A table of choices in a loop.
  acc = 0
  do k = 1, 4
    call choose(mod(k, 2), h)
    acc = acc + h(real(k, 8))
  end do
  print *, acc
end program
