! An abstract iterative solver: a vector type with generic type-bound operators (`+`,
! `-`, `*` by a scalar on either side, `.dot.`) and a defined assignment, an abstract
! solver with a deferred `step` binding and a template `solve` method calling it through
! the passed object, two concrete solvers (Richardson and Jacobi for a diagonal system),
! and a residual function of a polymorphic dummy. The data are powers of two, so every
! iterate is exact.
module vectors
  implicit none
  type :: vec
    real(8), allocatable :: x(:)
  contains
    procedure, private :: add, sub, scale_right, dot
    procedure, private, pass(a) :: scale_left
    procedure, private :: assign_vec
    generic :: operator(+) => add
    generic :: operator(-) => sub
    generic :: operator(*) => scale_left, scale_right
    generic :: operator(.dot.) => dot
    generic :: assignment(=) => assign_vec
    procedure :: norm1
  end type
contains
  function add(a, b) result(c)
    class(vec), intent(in) :: a, b
    type(vec) :: c
    c%x = a%x + b%x
  end function
  function sub(a, b) result(c)
    class(vec), intent(in) :: a, b
    type(vec) :: c
    c%x = a%x - b%x
  end function
  function scale_left(s, a) result(c)
    real(8), intent(in) :: s
    class(vec), intent(in) :: a
    type(vec) :: c
    c%x = s * a%x
  end function
  function scale_right(a, s) result(c)
    class(vec), intent(in) :: a
    real(8), intent(in) :: s
    type(vec) :: c
    c%x = a%x * s
  end function
  real(8) function dot(a, b)
    class(vec), intent(in) :: a, b
    dot = sum(a%x * b%x)
  end function
  subroutine assign_vec(a, b)
    class(vec), intent(inout) :: a
    type(vec), intent(in) :: b
    if (allocated(a%x)) then
      if (size(a%x) /= size(b%x)) deallocate(a%x)
    end if
    if (.not. allocated(a%x)) allocate(a%x(size(b%x)))
    a%x(:) = b%x
  end subroutine
  real(8) function norm1(a)
    class(vec), intent(in) :: a
    norm1 = sum(abs(a%x))
  end function
end module

module solvers
  use vectors
  implicit none
  type, abstract :: solver
    integer :: iters = 0
    real(8), allocatable :: diag(:)
  contains
    procedure(step_iface), deferred :: step
    procedure :: solve
  end type
  abstract interface
    subroutine step_iface(s, b, u)
      import :: solver, vec
      class(solver), intent(inout) :: s
      type(vec), intent(in) :: b
      type(vec), intent(inout) :: u
    end subroutine
  end interface
  type, extends(solver) :: richardson
    real(8) :: omega = 0.25d0
  contains
    procedure :: step => richardson_step
  end type
  type, extends(solver) :: jacobi
  contains
    procedure :: step => jacobi_step
  end type
contains
  function apply(s, u) result(r)
    class(solver), intent(in) :: s
    type(vec), intent(in) :: u
    type(vec) :: r
    r%x = s%diag * u%x
  end function

  real(8) function residual(s, b, u)
    class(solver), intent(in) :: s
    type(vec), intent(in) :: b, u
    type(vec) :: r
    r = b - apply(s, u)
    residual = r%norm1()
  end function

  subroutine solve(s, b, u, tol, maxit)
    class(solver), intent(inout) :: s
    type(vec), intent(in) :: b
    type(vec), intent(inout) :: u
    real(8), intent(in) :: tol
    integer, intent(in) :: maxit
    s%iters = 0
    do while (residual(s, b, u) > tol .and. s%iters < maxit)
      call s%step(b, u)
      s%iters = s%iters + 1
    end do
  end subroutine

  subroutine richardson_step(s, b, u)
    class(richardson), intent(inout) :: s
    type(vec), intent(in) :: b
    type(vec), intent(inout) :: u
    u = u + s%omega * (b - apply(s, u))
  end subroutine

  subroutine jacobi_step(s, b, u)
    class(jacobi), intent(inout) :: s
    type(vec), intent(in) :: b
    type(vec), intent(inout) :: u
    type(vec) :: r
    r = b - apply(s, u)
    r%x = r%x / s%diag
    u = u + r
  end subroutine
end module

program abstract_solver
  use vectors
  use solvers
  implicit none
  class(solver), allocatable :: s
  type(vec) :: b, u, w
  integer :: k
  b%x = [4d0, 8d0, 2d0, 16d0]
  w%x = [1d0, 2d0, 4d0, 8d0]
  print '(a,f8.2)', 'b.w', b .dot. w
  u = 0.5d0 * b + w * 2d0 - w
  print '(a,4f8.2)', 'u', u%x
  do k = 1, 2
    if (k == 1) then
      allocate(s, source=richardson(diag=[2d0, 2d0, 2d0, 2d0], omega=0.5d0))
    else
      allocate(jacobi :: s)
      s%diag = [2d0, 4d0, 8d0, 0.5d0]
    end if
    u%x = [0d0, 0d0, 0d0, 0d0]
    call s%solve(b, u, 1d-12, 50)
    select type (s)
    type is (richardson)
      print '(a,i3,4f8.3)', 'richardson', s%iters, u%x
    type is (jacobi)
      print '(a,i3,4f8.3)', 'jacobi', s%iters, u%x
    end select
    print '(a,es10.2)', 'residual', residual(s, b, u)
    deallocate(s)
  end do
end program
